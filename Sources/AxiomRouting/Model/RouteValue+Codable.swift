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
        try self.init(fields: try decoder.container(keyedBy: Key.self), charge: { _ in })
    }

    /// A value as JSON under `key`, read from its container in place (no decoder made for it);
    /// the elements of a list, path or fields value are passed to `charge` before they are read
    /// (a reader's bound on what it decodes).
    package static func decode<K: CodingKey>(_ container: KeyedDecodingContainer<K>, forKey key: K, charge: (Int) throws -> Void) throws -> RouteValue {
        try RouteValue(fields: try container.nestedContainer(keyedBy: Key.self, forKey: key), charge: charge)
    }

    /// A key that is any name (a `fields` value's).
    private struct NameKey: CodingKey {
        let stringValue: String
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    private init(fields container: KeyedDecodingContainer<Key>, charge: (Int) throws -> Void) throws {
        let keys = container.allKeys
        guard keys.count == 1, let key = keys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
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
        case .path:
            let counted = try container.nestedUnkeyedContainer(forKey: key).count
            try charge(counted ?? 0)
            let segments = try container.decode([String].self, forKey: key)
            // (A decoder that does not count its lists ahead: charged once they are read.)
            if counted == nil { try charge(segments.count) }
            self = .path(segments)
        case .fields:
            try charge(try container.nestedContainer(keyedBy: NameKey.self, forKey: key).allKeys.count)
            self = .fields(try container.decode([String: String].self, forKey: key))
        case .list:
            var list = try container.nestedUnkeyedContainer(forKey: key)
            let counted = list.count
            try charge(counted ?? 0)
            var values: [RouteValue] = []
            while !list.isAtEnd {
                if counted == nil { try charge(1) }
                values.append(try RouteValue(fields: try list.nestedContainer(keyedBy: Key.self), charge: charge))
            }
            self = .list(values)
        }
    }
}

/// Parameters as JSON: an array of `{"name": …, "value": …}` in their order (order is part of
/// equality, and names may come from any route).
extension RouteParameters: Codable {
    private struct Item: Codable {
        var name: String
        var value: RouteValue

        enum CodingKeys: String, CodingKey { case name, value }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.map { Item(name: $0.name, value: $0.value) })
    }

    public init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        try self.init(items: &list, charge: { _ in })
    }

    /// Parameters as JSON under `key`, each item — and each element of a list, path or fields
    /// value — passed to `charge` before it is read: how a reader bounds what it decodes
    /// (a saved navigation state's values are most of decoding it, after its entries).
    package static func decode<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>, forKey key: K, charge: (Int) throws -> Void
    ) throws -> RouteParameters {
        var list = try container.nestedUnkeyedContainer(forKey: key)
        return try RouteParameters(items: &list, charge: charge)
    }

    // Each item read from its own container in place (no decoder an item, no generic array).
    private init(items list: inout any UnkeyedDecodingContainer, charge: (Int) throws -> Void) throws {
        // The whole list when the decoder has counted it (JSONDecoder has), else item by item.
        let counted = list.count
        try charge(counted ?? 0)
        var names: [String] = []
        var values: [RouteValue] = []
        if let counted {
            names.reserveCapacity(counted)
            values.reserveCapacity(counted)
        }
        while !list.isAtEnd {
            if counted == nil { try charge(1) }
            let item = try list.nestedContainer(keyedBy: Item.CodingKeys.self)
            names.append(try item.decode(String.self, forKey: .name))
            values.append(try RouteValue.decode(item, forKey: .value, charge: charge))
        }
        self.init(names: names, values: values)
    }
}

extension ModalStyle: Codable {}
