// SPDX-License-Identifier: GPL-3.0-or-later
// CUDA fatbinaries, read from their headers. A fatbinary section holds one
// fatbinary per compiled source file, one after another (aligned, zero-padded);
// each is a 16-byte header followed by images, each image a header and a payload:
//   fatbinary: u32 magic 0xBA55ED50, u16 version, u16 header size, u64 size of the images
//   image:     u16 kind (1 PTX, 2 ELF cubin), u16 version, u32 header size,
//              u64 payload size, ..., u32 arch @28 (80 = sm_80), u64 flags @40
// The layout is the one CUDA's own tools write and read (cuobjdump is the
// oracle in the tests); the flags that matter here were read off nvcc's output
// for chosen -gencode sets: 0x100000 arch-specific ("a"), 0x200000
// family-specific ("f"), 0x2000 and 0x8000 compressed payloads.
#include "CudaCode.h"

#include "Endian.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <vector>

namespace td::bin {

namespace {

constexpr std::uint32_t kFatbinMagic = 0xBA55ED50;
constexpr std::uint16_t kKindPtx = 1, kKindElf = 2;
constexpr std::uint64_t kFlagCompressed = 0x2000, kFlagCompressedNew = 0x8000;
constexpr std::uint64_t kFlagArchSpecific = 0x100000, kFlagFamilySpecific = 0x200000;
constexpr std::size_t kImageHeaderBytes = 48; // up to and including the flags

// Caps no real library comes near (libtorch_cuda.so: 476 fatbinaries, about
// 3,000 images): a hostile file cannot make the walk allocate or loop more.
constexpr std::uint32_t kMaxFatbins = 1U << 20;
constexpr std::size_t kMaxImages = 1U << 21;
constexpr std::size_t kMaxPadding = 256; // zero bytes allowed between two fatbinaries
constexpr std::uint32_t kMaxSections = 1U << 16;

std::uint16_t le16(const unsigned char *p) { return load16(p, false); }
std::uint32_t le32(const unsigned char *p) { return load32(p, false); }
std::uint64_t le64(const unsigned char *p) { return load64(p, false); }

struct Section {
    std::uint64_t offset = 0, size = 0;
    bool found = false;
};

// `.nv_fatbin` through the section headers (the program headers do not name it).
std::string findElfSection(const ByteSource &src, Section &out)
{
    unsigned char h[64];
    if (!src.readAt(0, h, 16))
        return "truncated ELF identification";
    const bool is64 = h[4] == 2, big = h[5] == 2;
    if (!src.readAt(0, h, is64 ? 64 : 52))
        return "truncated ELF header";
    auto u16 = [&](const unsigned char *p) { return load16(p, big); };
    auto u32 = [&](const unsigned char *p) { return load32(p, big); };
    auto u64 = [&](const unsigned char *p) { return load64(p, big); };
    const std::uint64_t shoff = is64 ? u64(h + 40) : u32(h + 32);
    const std::uint16_t shentsize = u16(h + (is64 ? 58 : 46));
    std::uint32_t shnum = u16(h + (is64 ? 60 : 48));
    std::uint32_t shstrndx = u16(h + (is64 ? 62 : 50));
    if (shoff == 0)
        return {}; // no section headers (stripped to the bone): nothing to find
    const std::size_t minEnt = is64 ? 64 : 40;
    if (shentsize < minEnt)
        return "bad section header size";
    // The table and the section names are read in one piece each when small (as in
    // every real file), so that the search below is a walk in memory; a piece that
    // cannot be read whole is read entry by entry, with the same outcome.
    constexpr std::uint64_t kOnePiece = 64 * 1024;
    auto wholePiece = [&](std::uint64_t offset, std::uint64_t size) {
        std::vector<unsigned char> bytes;
        if (size <= kOnePiece) {
            bytes.resize(static_cast<std::size_t>(size));
            if (!src.readAt(offset, bytes.data(), bytes.size()))
                bytes.clear();
        }
        return bytes;
    };
    std::vector<unsigned char> table;
    auto header = [&](std::uint32_t index, unsigned char *sh) {
        const std::uint64_t at = std::uint64_t{index} * shentsize;
        if (at + minEnt <= table.size()) {
            std::memcpy(sh, table.data() + at, minEnt);
            return true;
        }
        return src.readAt(shoff + at, sh, minEnt);
    };
    unsigned char sh[64];
    if (shnum == 0 || shstrndx == 0xffff) { // extended numbering: the real values sit in section 0
        if (!header(0, sh))
            return "truncated section headers";
        if (shnum == 0)
            shnum = static_cast<std::uint32_t>(std::min<std::uint64_t>(is64 ? u64(sh + 32) : u32(sh + 20), kMaxSections + 1ULL));
        if (shstrndx == 0xffff)
            shstrndx = u32(sh + (is64 ? 40 : 24));
    }
    if (shnum > kMaxSections || shstrndx >= shnum)
        return "bad section header table";
    table = wholePiece(shoff, std::uint64_t{shnum} * shentsize);
    auto offsetAndSize = [&](const unsigned char *s) {
        return is64 ? std::pair{u64(s + 24), u64(s + 32)} : std::pair<std::uint64_t, std::uint64_t>{u32(s + 16), u32(s + 20)};
    };
    if (!header(shstrndx, sh))
        return "truncated section headers";
    const auto [strOffset, strSize] = offsetAndSize(sh);
    const std::vector<unsigned char> names = wholePiece(strOffset, strSize);
    constexpr char kName[] = ".nv_fatbin";
    for (std::uint32_t i = 1; i < shnum; ++i) {
        if (!header(i, sh))
            return "truncated section headers";
        const std::uint32_t name = u32(sh);
        constexpr std::uint32_t kShtNobits = 8;
        if (name >= strSize || u32(sh + 4) == kShtNobits)
            continue;
        char text[sizeof kName] = {};
        const std::uint64_t room = std::min<std::uint64_t>(sizeof kName, strSize - name);
        if (!names.empty())
            std::memcpy(text, names.data() + name, static_cast<std::size_t>(room));
        else if (!src.readAt(strOffset + name, text, static_cast<std::size_t>(room)))
            continue;
        if (room == sizeof kName && std::memcmp(text, kName, sizeof kName) == 0) {
            std::tie(out.offset, out.size) = offsetAndSize(sh);
            out.found = true;
            return {};
        }
    }
    return {};
}

// `.nv_fatb` through the COFF section table.
std::string findPeSection(const ByteSource &src, Section &out)
{
    unsigned char dos[64];
    if (!src.readAt(0, dos, sizeof dos))
        return "truncated DOS header";
    const std::uint32_t peOffset = le32(dos + 0x3c);
    unsigned char coff[24];
    if (!src.readAt(peOffset, coff, sizeof coff) || std::memcmp(coff, "PE\0\0", 4) != 0)
        return "not a PE file";
    const std::uint16_t sections = le16(coff + 6);
    const std::uint64_t table = std::uint64_t{peOffset} + 24 + le16(coff + 20);
    for (std::uint16_t i = 0; i < sections; ++i) {
        unsigned char s[40];
        if (!src.readAt(table + std::uint64_t{i} * 40, s, sizeof s))
            return "truncated section table";
        if (std::memcmp(s, ".nv_fatb", 8) != 0)
            continue;
        // The raw size is rounded up to the file alignment; the virtual size is the real one.
        const std::uint32_t virtualSize = le32(s + 8), rawSize = le32(s + 16);
        out.offset = le32(s + 20);
        out.size = virtualSize != 0 ? std::min(virtualSize, rawSize) : rawSize;
        out.found = true;
        return {};
    }
    return {};
}

class FatbinWalker {
public:
    FatbinWalker(const ByteSource &src, CudaCode &out) : m_src(src), m_out(out) {}

    std::string walk(std::uint64_t begin, std::uint64_t size)
    {
        if (begin > m_src.size() || size > m_src.size() - begin)
            return "the fatbinary section lies outside the file";
        const std::uint64_t end = begin + size;
        std::uint64_t at = begin;
        while (at < end) {
            if (!skipPadding(at, end))
                return at >= end ? std::string() : "no fatbinary header at offset " + std::to_string(at);
            if (m_out.fatbins == kMaxFatbins) {
                m_out.truncated = true;
                return {};
            }
            std::uint64_t next = 0;
            if (auto err = fatbin(at, end, next); !err.empty()) {
                m_out.truncated = true;
                return err;
            }
            at = next;
        }
        return {};
    }

private:
    // Moves `at` over zero padding to the next fatbinary header. False at the
    // end of the section (only zeros left) or before anything else.
    bool skipPadding(std::uint64_t &at, std::uint64_t end) const
    {
        unsigned char window[kMaxPadding + 4];
        const auto count = static_cast<std::size_t>(std::min<std::uint64_t>(sizeof window, end - at));
        if (count < 4 || !m_src.readAt(at, window, count)) {
            at = end; // a few stray bytes at the end
            return false;
        }
        for (std::size_t i = 0; i + 4 <= count; i += 4) {
            const std::uint32_t word = le32(window + i);
            if (word == kFatbinMagic) {
                at += i;
                return true;
            }
            if (word != 0)
                return false;
        }
        if (count < sizeof window)
            at = end; // zeros to the end of the section
        return false;
    }

    std::string fatbin(std::uint64_t at, std::uint64_t end, std::uint64_t &next)
    {
        unsigned char h[16];
        if (end - at < sizeof h || !m_src.readAt(at, h, sizeof h))
            return "truncated fatbinary header";
        const std::uint16_t headerSize = le16(h + 6);
        const std::uint64_t imagesSize = le64(h + 8);
        if (headerSize < sizeof h || headerSize > end - at || imagesSize > end - at - headerSize)
            return "fatbinary larger than its section at offset " + std::to_string(at);
        const std::uint32_t index = m_out.fatbins++;
        const std::uint64_t imagesEnd = at + headerSize + imagesSize;
        for (std::uint64_t image = at + headerSize; image < imagesEnd;) {
            unsigned char e[kImageHeaderBytes];
            if (imagesEnd - image < sizeof e || !m_src.readAt(image, e, sizeof e))
                return "truncated image header at offset " + std::to_string(image);
            const std::uint16_t kind = le16(e);
            const std::uint32_t imageHeaderSize = le32(e + 4);
            const std::uint64_t payload = le64(e + 8);
            if (imageHeaderSize < sizeof e || imageHeaderSize > imagesEnd - image
                || payload > imagesEnd - image - imageHeaderSize)
                return "image larger than its fatbinary at offset " + std::to_string(image);
            if (kind == kKindElf || kind == kKindPtx) {
                if (m_out.images.size() == kMaxImages) {
                    m_out.truncated = true;
                    return {};
                }
                const std::uint64_t flags = le64(e + 40);
                CudaImage img;
                img.kind = kind == kKindElf ? CudaImage::Kind::Sass : CudaImage::Kind::Ptx;
                img.arch = static_cast<std::uint16_t>(std::min<std::uint32_t>(le32(e + 28), 0xffff));
                img.archSpecific = (flags & kFlagArchSpecific) != 0;
                img.familySpecific = (flags & kFlagFamilySpecific) != 0;
                img.compressed = (flags & (kFlagCompressed | kFlagCompressedNew)) != 0;
                img.fatbin = index;
                m_out.images.push_back(img);
            }
            image += imageHeaderSize + payload; // the payload is skipped, never read
        }
        next = imagesEnd;
        return {};
    }

    const ByteSource &m_src;
    CudaCode &m_out;
};

std::vector<std::string> names(const CudaCode &code, CudaImage::Kind kind)
{
    std::vector<const CudaImage *> picked;
    for (const CudaImage &i : code.images)
        if (i.kind == kind)
            picked.push_back(&i);
    auto key = [](const CudaImage *i) { return std::tuple{i->arch, i->archSpecific, i->familySpecific}; };
    std::sort(picked.begin(), picked.end(), [&](auto *a, auto *b) { return key(a) < key(b); });
    picked.erase(std::unique(picked.begin(), picked.end(), [&](auto *a, auto *b) { return key(a) == key(b); }),
                 picked.end());
    std::vector<std::string> out;
    out.reserve(picked.size());
    for (const CudaImage *i : picked)
        out.push_back(i->name());
    return out;
}

} // namespace

std::string CudaImage::name() const
{
    std::string out = kind == Kind::Sass ? "sm_" : "compute_";
    out += std::to_string(arch);
    if (archSpecific)
        out += 'a';
    else if (familySpecific)
        out += 'f';
    return out;
}

bool CudaImage::runsOn(int ccMajor, int ccMinor) const
{
    if (archSpecific)
        return ccMajor == major() && ccMinor == minor();
    if (familySpecific || kind == Kind::Sass)
        return ccMajor == major() && ccMinor >= minor();
    return ccMajor > major() || (ccMajor == major() && ccMinor >= minor());
}

std::vector<std::string> CudaCode::sass() const
{
    return names(*this, CudaImage::Kind::Sass);
}

std::vector<std::string> CudaCode::ptx() const
{
    return names(*this, CudaImage::Kind::Ptx);
}

CudaFit cudaFit(const CudaCode &code, int ccMajor, int ccMinor)
{
    CudaFit fit;
    // Images come in file order, so each fatbinary's images are contiguous.
    for (std::size_t i = 0; i < code.images.size();) {
        const std::uint32_t fatbin = code.images[i].fatbin;
        bool native = false, jit = false;
        for (; i < code.images.size() && code.images[i].fatbin == fatbin; ++i) {
            const CudaImage &img = code.images[i];
            if (img.runsOn(ccMajor, ccMinor))
                (img.kind == CudaImage::Kind::Sass ? native : jit) = true;
        }
        ++fit.fatbins;
        if (native)
            ++fit.native;
        else if (jit)
            ++fit.jit;
    }
    return fit;
}

std::string readCudaCode(const ByteSource &src, CudaCode &out)
{
    out = CudaCode{};
    unsigned char magic[4] = {};
    if (!src.readAt(0, magic, sizeof magic))
        return {}; // too small to be anything: no CUDA code
    Section section;
    std::string err;
    if (magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F')
        err = findElfSection(src, section);
    else if (magic[0] == 'M' && magic[1] == 'Z')
        err = findPeSection(src, section);
    if (!err.empty() || !section.found)
        return err;
    return FatbinWalker(src, out).walk(section.offset, section.size);
}

std::string readCudaCodeFile(const std::string &path, CudaCode &out)
{
    out = CudaCode{};
    std::string error;
    auto src = FileByteSource::open(path, error);
    if (!src)
        return error;
    return readCudaCode(*src, out);
}

} // namespace td::bin
