#!/usr/bin/env python3
"""Generates Sources/AxiomURLPattern/IDNA/IDNAData.swift: the Unicode data UTS #46 ToASCII needs.

Sources (all Unicode 18.0.0, so that every table describes one version):
  * the IDNA Mapping Table (UTS #46 section 5), as the `idna` package on PyPI carries it
    (`uts46data.py`, generated there from IdnaMappingTable.txt), and its joining types
    (`idnadata.py`, from DerivedJoiningType.txt);
  * `unicodedata2` (PyPI), which is the Unicode Character Database behind Python's
    `unicodedata` API at a newer version: bidi classes, general categories, canonical
    combining classes and canonical decompositions (for NFC).

Run it as Scripts/idna/README.md says; it writes the Swift file to standard output.
"""
import sys
import zipfile
import importlib.util

UNICODE_VERSION = "18.0.0"


def load_idna(wheel):
    """Imports uts46data and idnadata from the idna wheel without installing it."""
    modules = {}
    with zipfile.ZipFile(wheel) as archive:
        for name in ("uts46data", "idnadata"):
            source = archive.read(f"idna/{name}.py").decode("utf-8")
            spec = importlib.util.spec_from_loader(name, loader=None)
            module = importlib.util.module_from_spec(spec)
            exec(compile(source, f"idna/{name}.py", "exec"), module.__dict__)
            modules[name] = module
    return modules["uts46data"], modules["idnadata"]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: generate.py idna-3.20-py3-none-any.whl > IDNAData.swift")
    import unicodedata2 as ucd

    uts46, idnadata = load_idna(sys.argv[1])
    for what, version in (("idna's mapping table", uts46.__version__), ("idna's joining types", idnadata.__version__), ("unicodedata2", ucd.unidata_version)):
        if version != UNICODE_VERSION:
            sys.exit(f"{what} is Unicode {version}, not {UNICODE_VERSION}")

    # --- The mapping table: one record per range (start, status, replacement).
    status_codes = {ord("V"): 0, ord("M"): 1, ord("I"): 2, ord("D"): 3, ord("X"): 4}
    pool = []            # replacement scalars, deduplicated by string
    offsets = {}
    mapping = []
    starts = list(uts46.uts46_starts)
    for index, start in enumerate(starts):
        status = status_codes[uts46.uts46_statuses[index]]
        replacement = uts46.uts46_replacements[index] or ""
        end = starts[index + 1] if index + 1 < len(starts) else 0x110000
        if status == 1:
            assert replacement, f"mapped range at U+{start:04X} has no replacement"
            assert end - start == 1 or True
        if replacement not in offsets:
            offsets[replacement] = len(pool)
            pool.extend(ord(c) for c in replacement)
        offset, length = offsets[replacement], len(replacement)
        assert start < 0x110000 and offset < 0x10000 and length < 0x100
        mapping.append(f"{start:06X}{status:X}{offset:04X}{length:02X}")

    # --- Per code point properties for the validity criteria, as ranges of equal value:
    # canonical combining class (8 bits), bidi class (4), joining type (3), mark (1).
    bidi_codes = {c: i for i, c in enumerate(["", "L", "R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"])}
    joining_codes = {None: 0, "L": 1, "D": 2, "R": 3, "T": 4, "C": 5}
    joining = {}
    for kind, ranges in idnadata.joining_types.items():
        for packed in ranges:
            for cp in range(packed >> 32, packed & 0xFFFFFFFF):
                joining[cp] = kind

    def properties(cp):
        c = chr(cp)
        bidi = bidi_codes.get(ucd.bidirectional(c), 0)
        mark = 1 if ucd.category(c).startswith("M") else 0
        return ucd.combining(c) | bidi << 8 | joining_codes[joining.get(cp)] << 12 | mark << 15

    property_ranges = []
    previous = None
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            value = 0
        else:
            value = properties(cp)
        if value != previous:
            property_ranges.append(f"{cp:06X}{value:04X}")
            previous = value

    # --- NFC: full canonical decompositions (Hangul syllables are algorithmic) and which of
    # them compose back (primary composites: two scalars, not excluded from composition).
    decompositions = []
    decomposition_pool = []
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF or 0xAC00 <= cp <= 0xD7A3:
            continue
        c = chr(cp)
        full = ucd.normalize("NFD", c)
        if full == c:
            continue
        raw = ucd.decomposition(c)
        composes = 0
        if raw and not raw.startswith("<"):
            parts = [int(p, 16) for p in raw.split()]
            if len(parts) == 2 and ucd.normalize("NFC", c) == c:
                composes = 1
                # The pair is stored after the full decomposition so that composition finds it.
        offset = len(decomposition_pool)
        decomposition_pool.extend(ord(x) for x in full)
        pair = ""
        if composes:
            pair = f"{parts[0]:06X}{parts[1]:06X}"
        decompositions.append(f"{cp:06X}{offset:04X}{len(full):01X}{composes:X}{pair}")

    out = []
    out.append("// Generated by Scripts/idna/generate.py from Unicode " + UNICODE_VERSION + " data: the IDNA")
    out.append("// Mapping Table and joining types as the `idna` package (PyPI) carries them, and the")
    out.append("// Unicode Character Database through `unicodedata2` (PyPI). Do not edit; regenerate.")
    out.append("")
    out.append("extension IDNAData {")
    out.append(f'    static let unicodeVersion = "{UNICODE_VERSION}"')
    out.append("")
    out.append("    /// UTS #46 section 5, one range per record: start (6 hex digits), status (1: 0 valid,")
    out.append("    /// 1 mapped, 2 ignored, 3 deviation, 4 disallowed), replacement offset (4) and length (2)")
    out.append("    /// in `replacementScalars`.")
    emit(out, "mappingRecords", mapping)
    out.append("")
    out.append("    /// The scalars that mapped ranges are replaced with, 6 hex digits each.")
    emit(out, "replacementScalars", [f"{cp:06X}" for cp in pool])
    out.append("")
    out.append("    /// Ranges of equal properties: start (6 hex digits), then 4 hex digits holding the")
    out.append("    /// canonical combining class (bits 0-7), bidi class (8-11), joining type (12-14), mark (15).")
    emit(out, "propertyRecords", property_ranges)
    out.append("")
    out.append("    /// Canonical decompositions: scalar (6), offset (4) and length (1) of its full decomposition")
    out.append("    /// in `decompositionScalars`, a composes-back flag (1) and, when set, the pair (6 + 6).")
    emit(out, "decompositionRecords", decompositions, separator=",")
    out.append("")
    emit(out, "decompositionScalars", [f"{cp:06X}" for cp in decomposition_pool])
    out.append("}")
    sys.stdout.write("\n".join(out) + "\n")


def emit(out, name, records, separator=""):
    """A string literal of records, 96 characters to a line (a multi-line literal's lines are joined)."""
    text = separator.join(records)
    out.append(f"    static let {name}: StaticString = \"\"\"")
    lines = [text[start:start + 96] for start in range(0, len(text), 96)]
    for index, line in enumerate(lines):
        out.append("        " + line + ("\\" if index + 1 < len(lines) else ""))
    out.append("        \"\"\"")


if __name__ == "__main__":
    main()
