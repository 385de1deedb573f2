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
#include "Sections.h"

#include <algorithm>
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

std::uint16_t le16(const unsigned char *p) { return load16(p, false); }
std::uint32_t le32(const unsigned char *p) { return load32(p, false); }
std::uint64_t le64(const unsigned char *p) { return load64(p, false); }

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
    FileSection section;
    // PE cuts section names to eight characters.
    const std::string err = findSection(src, ".nv_fatbin", ".nv_fatb", section);
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
