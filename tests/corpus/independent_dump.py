#!/usr/bin/env python3
# The independent side of the parser agreement test: each file named on standard input (one per
# line) read with pefile, pyelftools or macholib, printed as one JSON object per line in the shape
# that CorpusParsersTest builds from our readers, in any order. A file none of them reads gets "error".
import json
import multiprocessing
import sys

import pefile
from elftools.elf.dynamic import DynamicSection
from elftools.elf.elffile import ELFFile
from elftools.elf.enums import ENUM_E_MACHINE
from elftools.elf.gnuversions import GNUVerDefSection, GNUVerNeedSection, GNUVerSymSection
from elftools.elf.sections import SymbolTableSection
from macholib import mach_o
from macholib.MachO import MachO


def text(raw):
    return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw


# pefile stops at 8192 imported symbols in all (a guard against hostile files); torch_python.dll
# imports more than that. Our reader's cap is 2^18.
pefile.MAX_IMPORT_SYMBOLS = 1 << 18


def pe_imports(entries):
    out = []
    for entry in entries or []:
        # By ordinal, even where pefile fills in a name from its own table (ws2_32, oleaut32).
        names = sum(1 for i in entry.imports if not i.import_by_ordinal)
        out.append({"dll": text(entry.dll), "byName": names, "byOrdinal": len(entry.imports) - names})
    return out


def pe_version(ms, ls):
    return f"{ms >> 16}.{ms & 0xFFFF}.{ls >> 16}.{ls & 0xFFFF}"


def read_pe(path):
    pe = pefile.PE(path, fast_load=True)
    dirs = pefile.DIRECTORY_ENTRY
    pe.parse_data_directories(directories=[dirs["IMAGE_DIRECTORY_ENTRY_IMPORT"],
                                           dirs["IMAGE_DIRECTORY_ENTRY_DELAY_IMPORT"],
                                           dirs["IMAGE_DIRECTORY_ENTRY_EXPORT"],
                                           dirs["IMAGE_DIRECTORY_ENTRY_RESOURCE"]])
    out = {"format": "pe", "machine": pe.FILE_HEADER.Machine,
           "imports": pe_imports(getattr(pe, "DIRECTORY_ENTRY_IMPORT", None)),
           "delayImports": pe_imports(getattr(pe, "DIRECTORY_ENTRY_DELAY_IMPORT", None)),
           "exportCount": 0, "fileVersion": None, "productVersion": None}
    export = getattr(pe, "DIRECTORY_ENTRY_EXPORT", None)
    if export is not None:
        out["exportCount"] = export.struct.NumberOfFunctions
    fixed = getattr(pe, "VS_FIXEDFILEINFO", None)
    if fixed:
        out["fileVersion"] = pe_version(fixed[0].FileVersionMS, fixed[0].FileVersionLS)
        out["productVersion"] = pe_version(fixed[0].ProductVersionMS, fixed[0].ProductVersionLS)
    pe.close()
    return out


def read_elf(path):
    with open(path, "rb") as f:
        elf = ELFFile(f)
        machine = elf["e_machine"]  # a name such as "EM_X86_64", or the number when pyelftools has none
        out = {"format": "elf", "class": elf.elfclass,
               "machine": machine if isinstance(machine, int) else ENUM_E_MACHINE[machine],
               "needed": [], "rpath": None, "runpath": None, "versionNeeds": []}
        for section in elf.iter_sections():
            if isinstance(section, DynamicSection):
                for tag in section.iter_tags():
                    if tag.entry.d_tag == "DT_NEEDED":
                        out["needed"].append(tag.needed)
                    elif tag.entry.d_tag == "DT_RPATH":
                        out["rpath"] = tag.rpath
                    elif tag.entry.d_tag == "DT_RUNPATH":
                        out["runpath"] = tag.runpath
            elif isinstance(section, GNUVerNeedSection):
                for need, auxes in section.iter_versions():
                    out["versionNeeds"].append({"file": need.name, "versions": [a.name for a in auxes]})
        out.update(elf_symbols(elf))
        return out


def elf_symbols(elf):
    """The dynamic symbol table: its size, what it takes from elsewhere ("name@version", "weak "
    for weak ones) and a sample of what it defines, for our reader's lookups."""
    dynsym = elf.get_section_by_name(".dynsym")
    if not isinstance(dynsym, SymbolTableSection):
        return {}
    needed_versions, defined_versions, versym = {}, {}, None
    for section in elf.iter_sections():
        if isinstance(section, GNUVerNeedSection):
            for need, auxes in section.iter_versions():
                for aux in auxes:
                    needed_versions[aux["vna_other"]] = aux.name
        elif isinstance(section, GNUVerDefSection):
            for verdef, auxes in section.iter_versions():
                if not verdef["vd_flags"] & 1:  # VER_FLG_BASE: the file's own name
                    defined_versions[verdef["vd_ndx"]] = next(iter(auxes)).name
        elif isinstance(section, GNUVerSymSection):
            versym = section
    needs, defined = [], []
    for i, sym in enumerate(dynsym.iter_symbols()):
        bind, ndx = sym["st_info"]["bind"], sym["st_shndx"]
        if i == 0 or bind == "STB_LOCAL" or not sym.name:
            continue
        version = versym.get_symbol(i)["ndx"] if versym is not None else 0
        version = version if isinstance(version, int) else 0  # VER_NDX_LOCAL / VER_NDX_GLOBAL
        if ndx == "SHN_UNDEF":
            name = sym.name + ("@" + needed_versions[version & 0x7FFF] if version & 0x7FFF in needed_versions else "")
            needs.append(("weak " if bind == "STB_WEAK" else "") + name)
        elif len(defined) < 40 and sym["st_value"] != 0 and sym["st_info"]["type"] in ("STT_FUNC", "STT_OBJECT"):
            defined.append([sym.name, defined_versions.get(version & 0x7FFF, "")])
    return {"symbolCount": dynsym.num_symbols(), "symbolNeeds": needs, "symbolsDefined": defined}


DYLIB_KINDS = {mach_o.LC_LOAD_DYLIB: "load", mach_o.LC_LOAD_WEAK_DYLIB: "weak",
               mach_o.LC_REEXPORT_DYLIB: "reexport", mach_o.LC_LOAD_UPWARD_DYLIB: "upward",
               mach_o.LC_LAZY_LOAD_DYLIB: "lazy"}


def read_macho(path):
    out = {"format": "macho", "architectures": [], "dylibs": [], "rpaths": []}
    for header in MachO(path).headers:  # one per slice of a universal file
        dylibs, rpaths = [], []
        for load, command, data in header.commands:
            if load.cmd in DYLIB_KINDS:
                dylibs.append({"kind": DYLIB_KINDS[load.cmd], "name": text(data.rstrip(b"\0"))})
            elif load.cmd == mach_o.LC_RPATH:
                rpaths.append(text(data.rstrip(b"\0")))
        out["architectures"].append({"cpuType": header.header.cputype, "cpuSubtype": header.header.cpusubtype})
        out["dylibs"].append(dylibs)
        out["rpaths"].append(rpaths)
    return out


def read(path):
    with open(path, "rb") as f:
        magic = f.read(4)
    if magic[:2] == b"MZ":
        return read_pe(path)
    if magic == b"\x7fELF":
        return read_elf(path)
    if magic in (b"\xfe\xed\xfa\xce", b"\xce\xfa\xed\xfe", b"\xfe\xed\xfa\xcf", b"\xcf\xfa\xed\xfe",
                 b"\xca\xfe\xba\xbe", b"\xbe\xba\xfe\xca"):
        return read_macho(path)
    return {"error": "not a PE, ELF or Mach-O file"}


def dump(path):
    try:
        result = read(path)
    except Exception as e:  # reported per file: one bad file must not hide the others
        result = {"error": f"{type(e).__name__}: {e}"}
    result["path"] = path
    return json.dumps(result)


if __name__ == "__main__":
    paths = [line.rstrip("\n") for line in sys.stdin if line.strip()]
    # One file a task, on every core: the parsers are pure Python and the files many.
    with multiprocessing.Pool() as pool:
        for line in pool.imap_unordered(dump, paths):
            print(line, flush=True)
