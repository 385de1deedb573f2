// SPDX-License-Identifier: GPL-3.0-or-later
// PE reader: the DOS and COFF headers, the optional header (PE32 and PE32+),
// the section table, and the import, delay-load import, export and resource
// directories. RVAs are mapped through the section table the way the Windows
// loader lays the image out (file bytes, then zero fill up to the virtual
// size); only the headers and the tables themselves are read.
#include "Endian.h"
#include "Readers.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <exception>
#include <new>
#include <vector>

namespace td::bin {

namespace {

constexpr std::uint16_t kPe32Magic = 0x10b, kPe32PlusMagic = 0x20b;
constexpr std::uint32_t kDirExport = 0, kDirImport = 1, kDirResource = 2, kDirDelayImport = 13;
constexpr std::uint32_t kRtVersion = 16, kRtManifest = 24;
constexpr std::uint32_t kFixedFileInfoSignature = 0xFEEF04BD;

// Caps that no real image comes near; a hostile header cannot make us
// allocate or walk more than this.
constexpr std::uint32_t kMaxSections = 96;
constexpr std::size_t kMaxImportDescriptors = 4096;
constexpr std::size_t kMaxThunksPerDll = 65536;
constexpr std::size_t kMaxThunksTotal = 1U << 18;
constexpr std::size_t kMaxExportNames = 1U << 20;
constexpr std::size_t kMaxNameLength = 8192;
constexpr std::size_t kMaxResourceEntries = 4096; // per directory
constexpr std::size_t kMaxResourceVisits = 16384; // whole walk
constexpr std::size_t kMaxManifestBytes = 64 * 1024;
constexpr std::size_t kMaxVersionBytes = 1024; // VS_FIXEDFILEINFO sits near the start

// A small read-through window so that runs of neighbouring names (import and
// export string tables) cost one read per window, not one per name.
constexpr std::size_t kWindowBytes = 32 * 1024;
constexpr std::size_t kChunkEntries = 512; // thunks / name pointers read at a time

std::uint16_t u16(const unsigned char *p)
{
    return load16(p, false);
}
std::uint32_t u32(const unsigned char *p)
{
    return load32(p, false);
}
std::uint64_t u64(const unsigned char *p)
{
    return load64(p, false);
}

struct Section {
    std::uint32_t va = 0, virtualSize = 0, rawPointer = 0, rawSize = 0;
};

struct DataDir {
    std::uint32_t rva = 0, size = 0;
    [[nodiscard]] bool present() const { return rva != 0 && size != 0; }
};

// Where an RVA lands: `fileBytes` bytes from `fileOffset`, then `zeroBytes`
// of zero fill (a section's virtual size beyond its raw data).
struct Span {
    std::uint64_t fileOffset = 0, fileBytes = 0, zeroBytes = 0;
};

class PeParser {
public:
    PeParser(const ByteSource &src, PeInfo &out) : m_src(src), m_out(out), m_fileSize(src.size()) {}

    std::string parse()
    {
        if (std::string error = parseHeaders(); !error.empty())
            return error;
        // Each directory is independent: keep what the others give and report
        // the first problem.
        std::string error = parseImports();
        keepFirst(error, parseDelayImports());
        keepFirst(error, parseExports());
        keepFirst(error, parseResources());
        return error;
    }

private:
    static void keepFirst(std::string &first, std::string next)
    {
        if (first.empty())
            first = std::move(next);
    }

    // ---- headers ---------------------------------------------------------

    std::string parseHeaders()
    {
        unsigned char dos[64];
        if (!m_src.readAt(0, dos, sizeof dos))
            return m_fileSize < 2 ? "not a PE file" : "truncated DOS header";
        if (dos[0] != 'M' || dos[1] != 'Z')
            return "not a PE file";
        const std::uint64_t peOffset = u32(dos + 60);

        // Signature and COFF file header.
        unsigned char coff[24];
        if (!m_src.readAt(peOffset, coff, sizeof coff))
            return "truncated PE header";
        if (coff[0] != 'P' || coff[1] != 'E' || coff[2] != 0 || coff[3] != 0)
            return "missing PE signature (DOS executable?)";
        m_out.machine = u16(coff + 4);
        const std::uint16_t sectionCount = u16(coff + 6);
        const std::uint16_t optionalSize = u16(coff + 20);
        m_out.characteristics = u16(coff + 22);

        const std::uint64_t optionalOffset = peOffset + sizeof coff;
        unsigned char opt[240] = {};
        if (optionalSize < 2)
            return "missing optional header";
        const std::size_t optRead = std::min<std::size_t>(optionalSize, sizeof opt);
        if (!m_src.readAt(optionalOffset, opt, optRead))
            return "truncated optional header";
        const std::uint16_t magic = u16(opt);
        std::size_t dirsAt = 0, countAt = 0;
        if (magic == kPe32Magic) {
            m_out.pe32Plus = false;
            dirsAt = 96;
            countAt = 92;
        } else if (magic == kPe32PlusMagic) {
            m_out.pe32Plus = true;
            dirsAt = 112;
            countAt = 108;
        } else {
            return "unknown optional header magic";
        }
        if (optRead < 72)
            return "optional header too small";
        m_imageBase = m_out.pe32Plus ? u64(opt + 24) : u32(opt + 28);
        m_headerSize = std::min<std::uint64_t>(u32(opt + 60), m_fileSize);
        m_out.linkerMajor = opt[2];
        m_out.linkerMinor = opt[3];
        m_out.subsystem = u16(opt + 68);
        m_out.dllCharacteristics = u16(opt + 70);

        // Only the directories that both NumberOfRvaAndSizes and the declared
        // optional header size cover exist.
        const std::uint64_t declared = optRead >= dirsAt ? u32(opt + countAt) : 0;
        const std::uint64_t fit = optRead >= dirsAt ? (optRead - dirsAt) / 8 : 0;
        const std::uint64_t dirCount = std::min<std::uint64_t>({declared, fit, m_dirs.size()});
        for (std::size_t i = 0; i < dirCount; ++i) {
            m_dirs[i].rva = u32(opt + dirsAt + 8 * i);
            m_dirs[i].size = u32(opt + dirsAt + 8 * i + 4);
        }

        if (sectionCount > kMaxSections)
            return "too many sections";
        std::vector<unsigned char> table(std::size_t{sectionCount} * 40);
        if (!m_src.readAt(optionalOffset + optionalSize, table.data(), table.size()))
            return "truncated section table";
        m_sections.reserve(sectionCount);
        for (std::size_t i = 0; i < sectionCount; ++i) {
            const unsigned char *s = table.data() + 40 * i;
            m_sections.push_back({u32(s + 12), u32(s + 8), u32(s + 20), u32(s + 16)});
        }
        return {};
    }

    // ---- RVA mapping -----------------------------------------------------

    bool locate(std::uint64_t rva, Span &span) const
    {
        for (const Section &s : m_sections) {
            const std::uint64_t extent = std::max(s.virtualSize, s.rawSize);
            if (rva < s.va || rva - s.va >= extent)
                continue;
            const std::uint64_t off = rva - s.va;
            if (off < s.rawSize) {
                span.fileOffset = std::uint64_t{s.rawPointer} + off;
                if (span.fileOffset >= m_fileSize)
                    return false; // raw data cut off by the end of the file
                span.fileBytes = std::min<std::uint64_t>(s.rawSize - off, m_fileSize - span.fileOffset);
                const bool cut = std::uint64_t{s.rawPointer} + s.rawSize > m_fileSize;
                span.zeroBytes = cut ? 0 : extent - s.rawSize;
            } else {
                span.fileOffset = 0;
                span.fileBytes = 0;
                span.zeroBytes = extent - off;
            }
            return true;
        }
        // The headers are mapped at RVA 0 as they are in the file.
        if (rva < m_headerSize) {
            span.fileOffset = rva;
            span.fileBytes = m_headerSize - rva;
            span.zeroBytes = 0;
            return true;
        }
        return false;
    }

    bool readFile(std::uint64_t offset, unsigned char *out, std::size_t count) const
    {
        if (count > kWindowBytes / 2)
            return m_src.readAt(offset, out, count);
        if (!m_window.empty() && offset >= m_windowOffset && offset - m_windowOffset <= m_window.size()
            && count <= m_window.size() - (offset - m_windowOffset)) {
            std::memcpy(out, m_window.data() + (offset - m_windowOffset), count);
            return true;
        }
        if (!loadWindow(offset) || count > m_window.size())
            return m_src.readAt(offset, out, count);
        std::memcpy(out, m_window.data(), count);
        return true;
    }

    bool loadWindow(std::uint64_t offset) const
    {
        m_window.clear();
        if (offset >= m_fileSize)
            return false;
        const auto len = static_cast<std::size_t>(std::min<std::uint64_t>(kWindowBytes, m_fileSize - offset));
        m_window.resize(len);
        if (!m_src.readAt(offset, m_window.data(), len)) {
            m_window.clear();
            return false;
        }
        m_windowOffset = offset;
        return true;
    }

    // Copies up to `count` bytes of the mapped image at `rva`; returns how
    // many were available (0 when the RVA is not mapped or the file is cut).
    std::size_t readRva(std::uint64_t rva, unsigned char *out, std::size_t count) const
    {
        std::size_t done = 0;
        while (done < count) {
            Span span;
            if (!locate(rva + done, span))
                break;
            const auto fromFile = static_cast<std::size_t>(std::min<std::uint64_t>(span.fileBytes, count - done));
            if (fromFile > 0 && !readFile(span.fileOffset, out + done, fromFile))
                break;
            done += fromFile;
            const auto zeros = static_cast<std::size_t>(std::min<std::uint64_t>(span.zeroBytes, count - done));
            std::memset(out + done, 0, zeros);
            done += zeros;
            if (fromFile == 0 && zeros == 0)
                break;
        }
        return done;
    }

    bool readRvaExact(std::uint64_t rva, unsigned char *out, std::size_t count) const
    {
        return readRva(rva, out, count) == count;
    }

    bool readString(std::uint64_t rva, std::string &out) const
    {
        out.clear();
        Span span;
        if (!locate(rva, span))
            return false;
        std::uint64_t offset = span.fileOffset;
        std::uint64_t left = span.fileBytes;
        while (left > 0 && out.size() < kMaxNameLength) {
            const bool inWindow =
                !m_window.empty() && offset >= m_windowOffset && offset - m_windowOffset < m_window.size();
            if (!inWindow && !loadWindow(offset))
                return false;
            const auto at = static_cast<std::size_t>(offset - m_windowOffset);
            const auto avail = static_cast<std::size_t>(
                std::min<std::uint64_t>({m_window.size() - at, left, kMaxNameLength - out.size()}));
            const char *begin = reinterpret_cast<const char *>(m_window.data() + at);
            if (const void *nul = std::memchr(begin, 0, avail)) {
                out.append(begin, static_cast<std::size_t>(static_cast<const char *>(nul) - begin));
                return true;
            }
            out.append(begin, avail);
            offset += avail;
            left -= avail;
        }
        // Ran into the zero fill after the raw data: the string ends there.
        return left == 0 && span.zeroBytes > 0 && out.size() < kMaxNameLength;
    }

    // ---- imports ---------------------------------------------------------

    // Reads a thunk array (INT or IAT) into `imp`. `vaForm`: the entries are
    // virtual addresses (old delay-load descriptors), not RVAs.
    std::string readThunks(std::uint64_t rva, bool vaForm, PeImport &imp)
    {
        const std::size_t entry = m_out.pe32Plus ? 8 : 4;
        const std::uint64_t ordinalFlag = m_out.pe32Plus ? (1ULL << 63) : (1ULL << 31);
        std::array<unsigned char, kChunkEntries * 8> chunk{};
        std::size_t count = 0;
        std::string name;
        while (true) {
            const std::size_t got = readRva(rva, chunk.data(), kChunkEntries * entry) / entry;
            if (got == 0)
                return "truncated import thunks";
            for (std::size_t i = 0; i < got; ++i) {
                const unsigned char *p = chunk.data() + i * entry;
                const std::uint64_t thunk = m_out.pe32Plus ? u64(p) : u32(p);
                if (thunk == 0)
                    return {};
                if (count >= kMaxThunksPerDll || m_thunksTotal >= kMaxThunksTotal)
                    return {}; // capped; the DLL list is what matters most
                ++count;
                ++m_thunksTotal;
                if ((thunk & ordinalFlag) != 0) {
                    imp.ordinals.push_back(static_cast<std::uint16_t>(thunk & 0xffff));
                    continue;
                }
                std::uint64_t hintName = thunk & 0x7fffffff;
                if (vaForm) {
                    if (thunk < m_imageBase)
                        return "bad delay import thunk";
                    hintName = thunk - m_imageBase;
                }
                if (!readString(hintName + 2, name))
                    return "bad import name";
                imp.functions.push_back(name);
            }
            rva += std::uint64_t{got} * entry;
        }
    }

    std::string parseImports()
    {
        const DataDir dir = m_dirs[kDirImport];
        if (!dir.present())
            return {};
        std::array<unsigned char, 20 * 64> chunk{};
        std::uint64_t rva = dir.rva;
        std::size_t descriptors = 0;
        while (true) {
            const std::size_t got = readRva(rva, chunk.data(), chunk.size()) / 20;
            if (got == 0)
                return "truncated import table";
            for (std::size_t i = 0; i < got; ++i) {
                const unsigned char *d = chunk.data() + 20 * i;
                const std::uint32_t lookup = u32(d), stamp = u32(d + 4), nameRva = u32(d + 12), iat = u32(d + 16);
                // The loader stops at the first descriptor without a name or an IAT.
                if (nameRva == 0 || iat == 0)
                    return {};
                if (++descriptors > kMaxImportDescriptors)
                    return "too many import descriptors";
                PeImport &imp = m_out.imports.emplace_back();
                if (!readString(nameRva, imp.dll))
                    return "bad import DLL name";
                // A bound IAT without a name table holds addresses, not names.
                if (lookup == 0 && stamp != 0)
                    continue;
                if (std::string error = readThunks(lookup != 0 ? lookup : iat, false, imp); !error.empty())
                    return error;
            }
            rva += std::uint64_t{got} * 20;
        }
    }

    std::string parseDelayImports()
    {
        const DataDir dir = m_dirs[kDirDelayImport];
        if (!dir.present())
            return {};
        // Walk to the null descriptor, but never past the directory when its
        // size says where it ends (some linkers write no terminator).
        const std::size_t limit =
            dir.size >= 32 ? std::min<std::size_t>(dir.size / 32, kMaxImportDescriptors) : kMaxImportDescriptors;
        unsigned char d[32];
        for (std::size_t i = 0; i < limit; ++i) {
            if (!readRvaExact(std::uint64_t{dir.rva} + 32 * i, d, sizeof d))
                return "truncated delay import table";
            const std::uint32_t attributes = u32(d), nameField = u32(d + 4), intField = u32(d + 16),
                                iatField = u32(d + 12);
            if (nameField == 0)
                return {};
            // Bit 0 clear: the old form, where the fields are virtual addresses.
            const bool vaForm = (attributes & 1) == 0;
            auto toRva = [&](std::uint64_t field, std::uint64_t &rva) {
                if (!vaForm) {
                    rva = field;
                    return true;
                }
                if (field < m_imageBase)
                    return false;
                rva = field - m_imageBase;
                return true;
            };
            std::uint64_t nameRva = 0, intRva = 0;
            if (!toRva(nameField, nameRva))
                return "bad delay import descriptor";
            PeImport &imp = m_out.imports.emplace_back();
            imp.delayLoad = true;
            if (!readString(nameRva, imp.dll))
                return "bad delay import DLL name";
            const std::uint32_t table = intField != 0 ? intField : iatField;
            if (table == 0)
                continue;
            if (!toRva(table, intRva))
                return "bad delay import descriptor";
            if (std::string error = readThunks(intRva, vaForm, imp); !error.empty())
                return error;
        }
        return {};
    }

    // ---- exports ---------------------------------------------------------

    std::string parseExports()
    {
        const DataDir dir = m_dirs[kDirExport];
        if (!dir.present())
            return {};
        unsigned char e[40];
        if (!readRvaExact(dir.rva, e, sizeof e))
            return "truncated export directory";
        const std::uint32_t nameRva = u32(e + 12);
        m_out.exportCount = u32(e + 20);
        const std::uint32_t nameCount = u32(e + 24);
        const std::uint32_t namesRva = u32(e + 32);
        if (nameRva != 0 && !readString(nameRva, m_out.exportName))
            return "bad export name";
        if (nameCount == 0)
            return {};
        if (std::uint64_t{nameCount} * 4 > m_fileSize)
            return "bad export name count";
        const std::size_t wanted = std::min<std::size_t>(nameCount, kMaxExportNames);
        m_out.exports.reserve(wanted);
        std::array<unsigned char, kChunkEntries * 4> chunk{};
        std::string name;
        for (std::size_t done = 0; done < wanted;) {
            const std::size_t batch = std::min(kChunkEntries, wanted - done);
            if (!readRvaExact(std::uint64_t{namesRva} + 4 * done, chunk.data(), batch * 4))
                return "truncated export name table";
            for (std::size_t i = 0; i < batch; ++i) {
                if (!readString(u32(chunk.data() + 4 * i), name))
                    return "bad export name";
                m_out.exports.push_back(name);
            }
            done += batch;
        }
        return {};
    }

    // ---- resources -------------------------------------------------------

    struct ResourceEntry {
        std::uint32_t id = 0; // valid when !named
        bool named = false;
        bool subdirectory = false;
        std::uint32_t offset = 0; // from the start of the resource directory
    };

    std::string readResourceDirectory(std::uint32_t offset, std::vector<ResourceEntry> &entries)
    {
        entries.clear();
        // Each directory may be visited once: a cycle, or a fan-in that would
        // multiply the walk, is malformed.
        if (std::find(m_visited.begin(), m_visited.end(), offset) != m_visited.end())
            return "resource directory loop";
        if (m_visited.size() >= kMaxResourceVisits)
            return "resource directory too large";
        m_visited.push_back(offset);
        const std::uint64_t base = m_dirs[kDirResource].rva;
        unsigned char h[16];
        if (!readRvaExact(base + offset, h, sizeof h))
            return "truncated resource directory";
        const std::size_t count = std::size_t{u16(h + 12)} + u16(h + 14);
        if (count > kMaxResourceEntries)
            return "resource directory too large";
        std::vector<unsigned char> raw(count * 8);
        if (!readRvaExact(base + offset + 16, raw.data(), raw.size()))
            return "truncated resource directory";
        entries.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint32_t nameField = u32(raw.data() + 8 * i);
            const std::uint32_t dataField = u32(raw.data() + 8 * i + 4);
            entries.push_back({nameField & 0x7fffffff, (nameField & 0x80000000U) != 0, (dataField & 0x80000000U) != 0,
                               dataField & 0x7fffffff});
        }
        return {};
    }

    // The first leaf (a language entry) under a type: type -> name -> language.
    std::string firstLeaf(std::uint32_t typeDirectory, std::uint32_t &rva, std::uint32_t &size)
    {
        std::vector<ResourceEntry> names, languages;
        if (std::string error = readResourceDirectory(typeDirectory, names); !error.empty())
            return error;
        for (const ResourceEntry &name : names) {
            if (!name.subdirectory)
                continue;
            if (std::string error = readResourceDirectory(name.offset, languages); !error.empty())
                return error;
            for (const ResourceEntry &language : languages) {
                if (language.subdirectory)
                    continue; // a fourth level: not a resource the loader knows
                unsigned char leaf[16];
                if (!readRvaExact(std::uint64_t{m_dirs[kDirResource].rva} + language.offset, leaf, sizeof leaf))
                    return "truncated resource entry";
                rva = u32(leaf);
                size = u32(leaf + 4);
                return {};
            }
        }
        size = 0;
        return {};
    }

    std::string parseResources()
    {
        if (!m_dirs[kDirResource].present())
            return {};
        std::vector<ResourceEntry> types;
        if (std::string error = readResourceDirectory(0, types); !error.empty())
            return error;
        bool sawVersion = false, sawManifest = false;
        for (const ResourceEntry &type : types) {
            if (type.named || !type.subdirectory)
                continue;
            std::uint32_t rva = 0, size = 0;
            if (type.id == kRtVersion && !sawVersion) {
                sawVersion = true;
                if (std::string error = firstLeaf(type.offset, rva, size); !error.empty())
                    return error;
                if (size > 0)
                    if (std::string error = parseVersion(rva, size); !error.empty())
                        return error;
            } else if (type.id == kRtManifest && !sawManifest) {
                sawManifest = true;
                if (std::string error = firstLeaf(type.offset, rva, size); !error.empty())
                    return error;
                if (size > 0)
                    if (std::string error = parseManifest(rva, size); !error.empty())
                        return error;
            }
        }
        return {};
    }

    static PeVersion makeVersion(std::uint32_t ms, std::uint32_t ls)
    {
        return {static_cast<std::uint16_t>(ms >> 16), static_cast<std::uint16_t>(ms & 0xffff),
                static_cast<std::uint16_t>(ls >> 16), static_cast<std::uint16_t>(ls & 0xffff)};
    }

    std::string parseVersion(std::uint32_t rva, std::uint32_t size)
    {
        const std::size_t len = std::min<std::size_t>(size, kMaxVersionBytes);
        std::vector<unsigned char> block(len);
        if (!readRvaExact(rva, block.data(), len))
            return "truncated version resource";
        // VS_VERSIONINFO: wLength, wValueLength, wType, then the UTF-16 key
        // "VS_VERSION_INFO" and padding to 32 bits before VS_FIXEDFILEINFO.
        static constexpr char key[] = "VS_VERSION_INFO";
        constexpr std::size_t keyBytes = sizeof key * 2; // with the terminator
        std::size_t at = 0;
        bool keyOk = len >= 6 + keyBytes;
        for (std::size_t i = 0; keyOk && i < sizeof key; ++i)
            keyOk = u16(block.data() + 6 + 2 * i) == static_cast<unsigned char>(key[i]);
        if (keyOk)
            at = (6 + keyBytes + 3) & ~std::size_t{3};
        if (!keyOk || at + 52 > len || u32(block.data() + at) != kFixedFileInfoSignature) {
            // Odd writers: look for the signature at any 32-bit boundary.
            at = 0;
            while (at + 52 <= len && u32(block.data() + at) != kFixedFileInfoSignature)
                at += 4;
        }
        if (at + 52 > len)
            return {}; // no fixed file info: nothing to report, and not an error
        const unsigned char *f = block.data() + at;
        m_out.fileVersion = makeVersion(u32(f + 8), u32(f + 12));
        m_out.productVersion = makeVersion(u32(f + 16), u32(f + 20));
        return {};
    }

    std::string parseManifest(std::uint32_t rva, std::uint32_t size)
    {
        m_out.hasManifest = true;
        const std::size_t len = std::min<std::size_t>(size, kMaxManifestBytes);
        std::string text(len, '\0');
        if (!readRvaExact(rva, reinterpret_cast<unsigned char *>(text.data()), len))
            return "truncated manifest resource";
        while (!text.empty() && text.back() == '\0')
            text.pop_back();
        m_out.manifest = std::move(text);
        return {};
    }

    const ByteSource &m_src;
    PeInfo &m_out;
    const std::uint64_t m_fileSize;
    std::uint64_t m_imageBase = 0;
    std::uint64_t m_headerSize = 0;
    std::array<DataDir, 16> m_dirs{};
    std::vector<Section> m_sections;
    std::size_t m_thunksTotal = 0;
    std::vector<std::uint32_t> m_visited;
    mutable std::vector<unsigned char> m_window;
    mutable std::uint64_t m_windowOffset = 0;
};

} // namespace

std::string readPe(const ByteSource &src, PeInfo &out)
{
    out = PeInfo{};
    try {
        return PeParser(src, out).parse();
    } catch (const std::bad_alloc &) {
        return "out of memory reading PE tables";
    } catch (const std::exception &e) {
        return std::string("cannot read PE tables: ") + e.what();
    }
}

} // namespace td::bin
