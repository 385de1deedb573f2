#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes apisets.inc from an apisetschema.dll (API set schema version 6,
Windows 10 and later, and Wine).

    python3 gen-apisets.py C:/Windows/System32/apisetschema.dll "Windows 11 23H2" > apisets.inc

The schema is the .apiset section of that DLL: an API_SET_NAMESPACE header,
then one namespace entry per contract (its name, without ".dll", carries the
highest version the schema knows) with an array of value entries: an empty
value name gives the default host, a non-empty one an exception host used
when that module is the importer.
"""
import datetime
import struct
import sys


def read_schema(path):
    data = open(path, 'rb').read()
    pe = struct.unpack_from('<I', data, 0x3c)[0]
    if data[pe:pe + 4] != b'PE\0\0':
        raise SystemExit(f'{path}: not a PE file')
    sections = struct.unpack_from('<H', data, pe + 6)[0]
    optional = struct.unpack_from('<H', data, pe + 20)[0]
    table = pe + 24 + optional
    for i in range(sections):
        at = table + i * 40
        if data[at:at + 8].rstrip(b'\0') == b'.apiset':
            base = struct.unpack_from('<I', data, at + 20)[0]
            break
    else:
        raise SystemExit(f'{path}: no .apiset section')
    version, _size, _flags, count, entries, _hashes, _mult = struct.unpack_from('<7I', data, base)
    if version != 6:
        raise SystemExit(f'{path}: schema version {version}, only 6 is understood')

    def text(offset, length):
        return data[base + offset:base + offset + length].decode('utf-16le')

    out = []
    for i in range(count):
        _f, name_off, name_len, _hashed, values, value_count = struct.unpack_from('<6I', data, base + entries + i * 24)
        default, exceptions = '', []
        for j in range(value_count):
            _vf, vname_off, vname_len, host_off, host_len = struct.unpack_from('<5I', data, base + values + j * 20)
            importer, host = text(vname_off, vname_len), text(host_off, host_len)
            if importer:
                exceptions.append(f'{importer.lower()}={host.lower()}')
            else:
                default = host.lower()
        out.append((text(name_off, name_len).lower(), default, ';'.join(exceptions)))
    return out


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    path, origin = sys.argv[1], sys.argv[2]
    rows = read_schema(path)
    print('// SPDX-License-Identifier: GPL-3.0-or-later')
    print('// API set schema: contract -> host DLL, one TD_API_SET(contract, default host,')
    print('// exception hosts "importer=host;...") per line, sorted by contract.')
    print(f'// Source: the .apiset section (schema version 6) of apisetschema.dll of {origin},')
    print(f'// read with resources/windows/gen-apisets.py on {datetime.date.today().isoformat()}.')
    print('// Contract names carry the highest version the schema knows; the loader matches')
    print('// them without the last "-N" (learn.microsoft.com "API set loader operation").')
    print(f'// {len(rows)} contracts. Regenerate from a newer Windows with the same script.')
    for name, host, exceptions in sorted(rows):
        print(f'TD_API_SET("{name}", "{host}", "{exceptions}")')


if __name__ == '__main__':
    main()
