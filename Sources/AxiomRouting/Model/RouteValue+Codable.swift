#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value as JSON: an object with one key naming its type (`{"int": 7}`, `{"string": "x"}`,
/// `{"uuid": "E621E1F8-…"}`, `{"path": ["a", "b"]}`), so a decoded value is exactly the value
/// encoded (a `"7"` string stays a string). A double that JSON has no number for is written as
/// a string: `{"double": "nan"}`, `"inf"`, `"-inf"`. See Docs/Persistence.md.
extension RouteValue: Codable {
    private enum Key: String, CodingKey, CaseIterable {
        case string, int, double, bool, uuid, path, fields, list
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .string(let value): try container.encode(value, forKey: .string)
        case .int(let value): try container.encode(value, forKey: .int)
        case .double(let value):
            if value.isFinite {
                try container.encode(value, forKey: .double)
            } else {
                try container.encode(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf", forKey: .double)
            }
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .uuid(let value): try container.encode(value.uuidString, forKey: .uuid)
        case .path(let segments): try container.encode(segments, forKey: .path)
        case .fields(let fields): try container.encode(fields, forKey: .fields)
        case .list(let values): try container.encode(values, forKey: .list)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a value has exactly one of the keys string, int, double, bool, uuid, path, fields, list"))
        }
        switch key {
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .int: self = .int(try container.decode(Int.self, forKey: key))
        case .double:
            if let number = try? container.decode(Double.self, forKey: key) {
                self = .double(number)
            } else {
                switch try container.decode(String.self, forKey: key) {
                case "nan": self = .double(.nan)
                case "inf": self = .double(.infinity)
                case "-inf": self = .double(-.infinity)
                case let other:
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(other)' is not a double")
                }
            }
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .uuid:
            let text = try container.decode(String.self, forKey: key)
            guard let uuid = UUID(uuidString: text), uuid.uuidString == text.uppercased() else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text)' is not a UUID")
            }
            self = .uuid(uuid)
        case .path: self = .path(try container.decode([String].self, forKey: key))
        case .fields: self = .fields(try container.decode([String: String].self, forKey: key))
        case .list: self = .list(try container.decode([RouteValue].self, forKey: key))
        }
    }
}

/// Parameters as JSON: an array of `{"name": …, "value": …}` in their order (order is part of
/// equality, and names may come from any route).
extension RouteParameters: Codable {
    private struct Item: Codable {
        var name: String
        var value: RouteValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.map { Item(name: $0.name, value: $0.value) })
    }

    public init(from decoder: any Decoder) throws {
        let items = try decoder.singleValueContainer().decode([Item].self)
        self.init(names: items.map(\.name), values: items.map(\.value))
    }
}

extension ModalStyle: Codable {}
