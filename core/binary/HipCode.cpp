// SPDX-License-Identifier: GPL-3.0-or-later
// AMD GPU code: clang offload bundles, read from their headers. The section holds one bundle per
// compiled source file, one after another (aligned, zero-padded). The layouts are those of LLVM's
// clang/lib/Driver/OffloadBundler.cpp (clang-offload-bundler is the oracle in the tests):
//   bundle:     "__CLANG_OFFLOAD_BUNDLE__", u64 entry count, then per entry
//               u64 offset (from the bundle start), u64 size, u64 id length, id (no NUL)
//   compressed: "CCOB", u16 version, u16 method (0 zlib, 1 zstd), then
//               v1: u32 raw size, u64 hash; v2: u32 total size, u32 raw size, u64 hash;
//               v3: u64 total size, u64 raw size, u64 hash; then the stream, a bundle once decompressed
// An id is "<kind>-<triple>-<target id>": hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-, or the older
// hip-amdgcn-amd-amdhsa-gfx906; host-x86_64-unknown-linux is the (empty) host entry.
#include "HipCode.h"

#include "Endian.h"
#include "Sections.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <memory>
#include <string_view>
#include <tuple>
#include <utility>

#ifdef TD_HAVE_ZSTD
#define ZSTD_STATIC_LINKING_ONLY // the buffer-less API: it decompresses into our buffer, no window of its own
#include <zstd.h>
#include <zstd_errors.h>
#endif
#ifdef TD_HAVE_ZLIB
#include <zlib.h>
#endif

namespace td::bin {

namespace {

constexpr char kBundleMagic[] = "__CLANG_OFFLOAD_BUNDLE__";
constexpr std::size_t kMagicSize = sizeof kBundleMagic - 1;
constexpr std::size_t kHeaderSize = kMagicSize + 8;
constexpr std::size_t kEntrySize = 24; // before the id
[[maybe_unused]] constexpr std::uint16_t kMethodZlib = 0;
constexpr std::uint16_t kMethodZstd = 1;
constexpr std::uint32_t kZstdMagic = 0xFD2FB528;

// Caps no real library comes near (a ROCm libtorch_hip.so: a few thousand bundles of a dozen
// targets): a hostile file cannot make the walk allocate or loop more.
constexpr std::uint32_t kMaxBundles = 1U << 20;
constexpr std::size_t kMaxTargets = 1U << 21;
constexpr std::uint64_t kMaxIdLength = 1024;
constexpr std::uint64_t kMaxPadding = 64 * 1024; // zeros between two bundles (4 KiB alignment in practice)
// A compressed bundle is decompressed only as far as its header goes, and never past this.
constexpr std::size_t kMaxHeaderBytes = 1U << 20;

std::uint16_t le16(const unsigned char *p) { return load16(p, false); }
std::uint32_t le32(const unsigned char *p) { return load32(p, false); }
std::uint64_t le64(const unsigned char *p) { return load64(p, false); }

std::string at(const char *what, std::uint64_t offset)
{
    return std::string(what) + " at offset " + std::to_string(offset);
}

// A bundle's bytes, counted from its start: the file's, or a compressed stream's, decompressed on demand.
class BundleBytes {
public:
    virtual ~BundleBytes() = default;
    // Exactly `count` bytes at `offset`; false beyond the bundle, on damage or past the cap.
    virtual bool read(std::uint64_t offset, void *out, std::size_t count) = 0;
    // Why the last read failed, where there is more to say than that it fell short.
    [[nodiscard]] virtual std::string why() const { return {}; }
};

class FileBytes final : public BundleBytes {
public:
    FileBytes(const ByteSource &src, std::uint64_t begin, std::uint64_t size)
        : m_src(src), m_begin(begin), m_size(size)
    {
    }
    bool read(std::uint64_t offset, void *out, std::size_t count) override
    {
        return offset <= m_size && count <= m_size - offset && m_src.readAt(m_begin + offset, out, count);
    }

private:
    const ByteSource &m_src;
    std::uint64_t m_begin, m_size;
};

// Decompressed bytes, made as reads ask for them, into one buffer of kMaxHeaderBytes.
class Decompressed : public BundleBytes {
public:
    Decompressed(const ByteSource &src, std::uint64_t begin, std::uint64_t end, std::uint64_t rawSize,
                 std::vector<unsigned char> &buffer)
        : m_src(src), m_in(begin), m_end(end), m_rawSize(rawSize), m_buffer(buffer)
    {
    }
    bool read(std::uint64_t offset, void *out, std::size_t count) override
    {
        if (offset > m_rawSize || count > m_rawSize - offset)
            return false;
        if (offset > m_buffer.size() || count > m_buffer.size() - offset) {
            m_why = "bundle header larger than " + std::to_string(kMaxHeaderBytes >> 20) + " MiB";
            return false;
        }
        while (m_have < offset + count)
            if (!more())
                return false;
        std::memcpy(out, m_buffer.data() + offset, count);
        return true;
    }
    [[nodiscard]] std::string why() const override { return m_why; }

protected:
    // Decompresses some more into the buffer (m_have grows); false when it cannot (m_why says why).
    virtual bool more() = 0;
    // Reads the next at most `count` compressed bytes into `out`; how many, 0 at the end or on failure.
    std::size_t input(unsigned char *out, std::size_t count)
    {
        count = static_cast<std::size_t>(std::min<std::uint64_t>(count, m_end - m_in));
        if (count == 0 || !m_src.readAt(m_in, out, count))
            return 0;
        m_in += count;
        return count;
    }

    const ByteSource &m_src;
    std::uint64_t m_in, m_end, m_rawSize;
    std::vector<unsigned char> &m_buffer;
    std::size_t m_have = 0;
    std::string m_why;
};

#ifdef TD_HAVE_ZSTD
class ZstdBytes final : public Decompressed {
public:
    using Decompressed::Decompressed;
    ~ZstdBytes() override { ZSTD_freeDCtx(m_dctx); }
    ZstdBytes(const ZstdBytes &) = delete;
    ZstdBytes &operator=(const ZstdBytes &) = delete;

protected:
    bool more() override
    {
        if (!m_started) {
            m_started = true;
            if (m_dctx == nullptr || ZSTD_isError(ZSTD_decompressBegin(m_dctx)))
                return fail("cannot start zstd");
        }
        // Block by block; a step that only reads a header makes no bytes, but always takes input.
        for (;;) {
            const std::size_t need = ZSTD_nextSrcSizeToDecompress(m_dctx);
            if (need == 0)
                return fail("compressed stream shorter than its bundle header");
            if (need > kMaxBlock || input(m_block, need) != need)
                return fail("truncated compressed stream");
            const std::size_t made =
                ZSTD_decompressContinue(m_dctx, m_buffer.data() + m_have, m_buffer.size() - m_have, m_block, need);
            if (ZSTD_getErrorCode(made) == ZSTD_error_dstSize_tooSmall)
                return fail("bundle header larger than 1 MiB");
            if (ZSTD_isError(made))
                return fail(std::string("damaged zstd stream: ") + ZSTD_getErrorName(made));
            m_have += made;
            if (made > 0)
                return true;
        }
    }

private:
    bool fail(std::string why)
    {
        m_why = std::move(why);
        return false;
    }
    static constexpr std::size_t kMaxBlock = (128U << 10) + 16; // the format's largest block, and slack
    ZSTD_DCtx *m_dctx = ZSTD_createDCtx();
    bool m_started = false;
    unsigned char m_block[kMaxBlock];
};
#endif

#ifdef TD_HAVE_ZLIB
class ZlibBytes final : public Decompressed {
public:
    using Decompressed::Decompressed;
    ~ZlibBytes() override
    {
        if (m_started)
            inflateEnd(&m_z);
    }
    ZlibBytes(const ZlibBytes &) = delete;
    ZlibBytes &operator=(const ZlibBytes &) = delete;

protected:
    bool more() override
    {
        if (!m_started) {
            if (inflateInit(&m_z) != Z_OK)
                return fail("cannot start zlib");
            m_started = true;
        }
        for (;;) {
            if (m_z.avail_in == 0) {
                m_z.next_in = m_chunk;
                m_z.avail_in = static_cast<uInt>(input(m_chunk, sizeof m_chunk));
                if (m_z.avail_in == 0)
                    return fail("truncated compressed stream");
            }
            m_z.next_out = m_buffer.data() + m_have;
            m_z.avail_out = static_cast<uInt>(m_buffer.size() - m_have);
            const int rc = inflate(&m_z, Z_NO_FLUSH);
            const std::size_t made = m_buffer.size() - m_have - m_z.avail_out;
            m_have += made;
            if (made > 0)
                return true;
            if (rc == Z_STREAM_END)
                return fail("compressed stream shorter than its bundle header");
            if (rc != Z_OK && rc != Z_BUF_ERROR)
                return fail("damaged zlib stream");
        }
    }

private:
    bool fail(std::string why)
    {
        m_why = std::move(why);
        return false;
    }
    z_stream m_z{};
    bool m_started = false;
    unsigned char m_chunk[16 * 1024];
};
#endif

// The decompressor for a method, or null where it is not built in.
std::unique_ptr<Decompressed> decompressor(std::uint16_t method, const ByteSource &src, std::uint64_t begin,
                                           std::uint64_t end, std::uint64_t rawSize,
                                           std::vector<unsigned char> &buffer)
{
#ifdef TD_HAVE_ZSTD
    if (method == kMethodZstd)
        return std::make_unique<ZstdBytes>(src, begin, end, rawSize, buffer);
#endif
#ifdef TD_HAVE_ZLIB
    if (method == kMethodZlib)
        return std::make_unique<ZlibBytes>(src, begin, end, rawSize, buffer);
#endif
    (void)method, (void)src, (void)begin, (void)end, (void)rawSize, (void)buffer;
    return nullptr;
}

// The end of the zstd frame at `begin`, from its block headers alone: a version 1 compressed bundle
// does not say its size, and the next bundle comes after it.
std::string skipZstdFrame(const ByteSource &src, std::uint64_t begin, std::uint64_t end, std::uint64_t &next)
{
    unsigned char h[5];
    if (end - begin < sizeof h || !src.readAt(begin, h, sizeof h))
        return "truncated zstd stream";
    if (le32(h) != kZstdMagic)
        return "not a zstd stream";
    const unsigned fcsFlag = h[4] >> 6, singleSegment = (h[4] >> 5) & 1, checksum = (h[4] >> 2) & 1;
    constexpr unsigned kDictIdSize[] = {0, 1, 2, 4};
    const unsigned fcsSize = fcsFlag == 0 ? singleSegment : 1U << fcsFlag;
    std::uint64_t pos = begin + sizeof h + (singleSegment ? 0 : 1) + kDictIdSize[h[4] & 3] + fcsSize;
    for (bool last = false; !last;) {
        unsigned char b[3];
        if (pos > end || end - pos < sizeof b || !src.readAt(pos, b, sizeof b))
            return "truncated zstd stream";
        const std::uint32_t block = b[0] | (std::uint32_t{b[1]} << 8) | (std::uint32_t{b[2]} << 16);
        const unsigned type = (block >> 1) & 3;
        if (type == 3)
            return "damaged zstd stream";
        last = (block & 1) != 0;
        pos += sizeof b + (type == 1 ? 1 : block >> 3); // an RLE block is one byte on disk
    }
    pos += checksum ? 4 : 0;
    if (pos > end)
        return "truncated zstd stream";
    next = pos;
    return {};
}

// "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-" -> gfx90a, ":xnack-". False for the host and other triples.
bool parseTarget(std::string_view id, HipTarget &out)
{
    const auto dash = id.find('-');
    if (dash == std::string_view::npos || id.substr(0, dash) == "host")
        return false;
    const std::string_view rest = id.substr(dash + 1);
    if (rest.substr(0, 7) != "amdgcn-")
        return false;
    const auto colon = rest.find(':');
    const std::string_view head = rest.substr(0, colon);
    const auto gfx = head.find("-gfx"); // the triple never holds it; a generic processor has dashes of its own
    if (gfx == std::string_view::npos)
        return false;
    out.processor = std::string(head.substr(gfx + 1));
    out.features = colon == std::string_view::npos ? std::string() : std::string(rest.substr(colon));
    return true;
}

class BundleWalker {
public:
    BundleWalker(const ByteSource &src, HipCode &out) : m_src(src), m_out(out) {}

    std::string walk(std::uint64_t begin, std::uint64_t size)
    {
        if (begin > m_src.size() || size > m_src.size() - begin)
            return "the offload bundle section lies outside the file";
        const std::uint64_t end = begin + size;
        for (std::uint64_t pos = begin; pos < end;) {
            if (!skipPadding(pos, end))
                return pos >= end ? std::string() : at("no offload bundle", pos);
            if (m_out.bundles == kMaxBundles) {
                m_out.truncated = true;
                return {};
            }
            std::uint64_t next = end;
            if (auto err = bundle(pos, end, next); !err.empty()) {
                m_out.truncated = true;
                return err;
            }
            pos = next;
        }
        return {};
    }

private:
    // Moves `pos` over zero padding to the next non-zero byte. False at the end of the section, or
    // when the zeros run on longer than any alignment.
    bool skipPadding(std::uint64_t &pos, std::uint64_t end) const
    {
        unsigned char chunk[4096];
        for (std::uint64_t skipped = 0; pos < end && skipped < kMaxPadding;) {
            const auto count = static_cast<std::size_t>(std::min<std::uint64_t>(sizeof chunk, end - pos));
            if (!m_src.readAt(pos, chunk, count)) {
                pos = end; // the read budget is spent
                return false;
            }
            const auto *first = std::find_if(chunk, chunk + count, [](unsigned char c) { return c != 0; });
            pos += static_cast<std::uint64_t>(first - chunk);
            if (first != chunk + count)
                return true;
            skipped += count;
        }
        return false;
    }

    std::string bundle(std::uint64_t pos, std::uint64_t end, std::uint64_t &next)
    {
        unsigned char magic[4] = {};
        if (end - pos >= sizeof magic && m_src.readAt(pos, magic, sizeof magic) && std::memcmp(magic, "CCOB", 4) == 0)
            return compressed(pos, end, next);
        unsigned char bundleMagic[kMagicSize];
        if (end - pos < kMagicSize || !m_src.readAt(pos, bundleMagic, kMagicSize)
            || std::memcmp(bundleMagic, kBundleMagic, kMagicSize) != 0)
            return at("no offload bundle", pos);
        FileBytes bytes(m_src, pos, end - pos);
        std::uint64_t extent = 0;
        if (auto err = entries(bytes, end - pos, extent); !err.empty())
            return at("offload bundle", pos) + ": " + err;
        next = pos + extent;
        return {};
    }

    // The header of the compressed bundle at `pos`; its targets, where its method is built in.
    std::string compressed(std::uint64_t pos, std::uint64_t end, std::uint64_t &next)
    {
        const std::string where = at("compressed offload bundle", pos) + ": ";
        unsigned char h[32];
        const std::uint64_t room = end - pos;
        if (room < 8 || !m_src.readAt(pos, h, 8))
            return where + "truncated header";
        const std::uint16_t version = le16(h + 4), method = le16(h + 6);
        const std::size_t headerSize = version == 1 ? 20 : version == 2 ? 24 : version == 3 ? 32 : 0;
        if (headerSize == 0)
            return where + "unknown version " + std::to_string(version);
        if (room < headerSize || !m_src.readAt(pos, h, headerSize))
            return where + "truncated header";
        const std::uint64_t total = version == 2 ? le32(h + 8) : version == 3 ? le64(h + 8) : 0;
        const std::uint64_t rawSize = version == 1 ? le32(h + 8) : version == 2 ? le32(h + 12) : le64(h + 16);
        if (version >= 2 && (total < headerSize || total > room))
            return where + "its size (" + std::to_string(total) + " bytes) does not fit its section";
        const std::uint64_t streamEnd = version >= 2 ? pos + total : end;
        const std::uint32_t before = m_out.bundles;
        const std::string err = compressedEntries(method, pos + headerSize, streamEnd, rawSize);
        if (m_out.bundles > before) // counted as a bundle: its header was not damaged
            ++m_out.compressed;
        if (!err.empty())
            return where + err;
        if (version >= 2) {
            next = pos + total;
            return {};
        }
        if (method == kMethodZstd) {
            const std::string skipErr = skipZstdFrame(m_src, pos + headerSize, end, next);
            return skipErr.empty() ? skipErr : where + skipErr;
        }
        m_out.truncated = true; // the end of a version 1 zlib stream is only found by inflating all of it
        next = end;
        return {};
    }

    std::string compressedEntries(std::uint16_t method, std::uint64_t begin, std::uint64_t end,
                                  std::uint64_t rawSize)
    {
        m_buffer.resize(kMaxHeaderBytes);
        const auto bytes = decompressor(method, m_src, begin, end, rawSize, m_buffer);
        if (!bytes) {
            ++m_out.bundles;
            ++m_out.compressedUnread;
            return {};
        }
        std::uint64_t extent = 0;
        return entries(*bytes, rawSize, extent);
    }

    // Lists the entries of the bundle `in` holds, `size` bytes long; `extent` is where its last part ends.
    std::string entries(BundleBytes &in, std::uint64_t size, std::uint64_t &extent)
    {
        unsigned char h[kHeaderSize];
        if (!in.read(0, h, sizeof h))
            return failed(in, "truncated header");
        if (std::memcmp(h, kBundleMagic, kMagicSize) != 0)
            return "not an offload bundle once decompressed";
        const std::uint32_t index = m_out.bundles++;
        const std::uint64_t count = le64(h + kMagicSize);
        if (count > (size - kHeaderSize) / kEntrySize)
            return std::to_string(count) + " entries, more than the bundle can hold";
        std::uint64_t pos = kHeaderSize;
        extent = kHeaderSize;
        for (std::uint64_t i = 0; i < count; ++i) {
            unsigned char e[kEntrySize];
            if (!in.read(pos, e, sizeof e))
                return failed(in, "truncated entry");
            const std::uint64_t offset = le64(e), length = le64(e + 8), idLength = le64(e + 16);
            if (idLength > kMaxIdLength)
                return "entry id of " + std::to_string(idLength) + " bytes";
            if (offset > size || length > size - offset)
                return "entry " + std::to_string(i) + " lies beyond its bundle";
            std::string id(static_cast<std::size_t>(idLength), '\0');
            if (!in.read(pos + sizeof e, id.data(), id.size()))
                return failed(in, "truncated entry id");
            pos += sizeof e + idLength;
            extent = std::max({extent, pos, offset + length});
            add(id, index);
        }
        return {};
    }

    void add(std::string_view id, std::uint32_t index)
    {
        HipTarget target;
        if (!parseTarget(id, target))
            return;
        if (m_out.targets.size() == kMaxTargets) {
            m_out.truncated = true;
            return;
        }
        target.bundle = index;
        m_out.targets.push_back(std::move(target));
    }

    static std::string failed(const BundleBytes &in, const char *what)
    {
        std::string why = in.why();
        return why.empty() ? what : why;
    }

    const ByteSource &m_src;
    HipCode &m_out;
    std::vector<unsigned char> m_buffer; // decompressed headers, allocated at the first compressed bundle
};

// Reads decimal digits; false when there are none or something else.
bool decimal(std::string_view text, int &out)
{
    if (text.empty() || text.size() > 4)
        return false;
    out = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return false;
        out = out * 10 + (c - '0');
    }
    return true;
}

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// The order of processor versions: gfx<major><minor><stepping>, the last two one hex digit each
// (gfx90a: 9, 0, 10; gfx1030: 10, 3, 0). A generic one (gfx10-3-generic) sorts before its family.
std::tuple<int, int, int, std::string_view> versionKey(std::string_view p)
{
    constexpr int kLast = INT_MAX;
    if (p.substr(0, 3) != "gfx")
        return {kLast, 0, 0, p};
    std::string_view v = p.substr(3);
    constexpr std::string_view kGeneric = "-generic";
    int major = 0, minor = -1;
    if (v.size() > kGeneric.size() && v.substr(v.size() - kGeneric.size()) == kGeneric) {
        v.remove_suffix(kGeneric.size());
        const auto dash = v.find('-');
        const bool hasMinor = dash != std::string_view::npos;
        if (!decimal(v.substr(0, dash), major) || (hasMinor && !decimal(v.substr(dash + 1), minor)))
            return {kLast, 0, 0, p};
        return {major, minor, -1, p};
    }
    if (v.size() < 3 || !decimal(v.substr(0, v.size() - 2), major))
        return {kLast, 0, 0, p};
    const int minorDigit = hexDigit(v[v.size() - 2]), stepping = hexDigit(v[v.size() - 1]);
    if (minorDigit < 0 || stepping < 0)
        return {kLast, 0, 0, p};
    return {major, minorDigit, stepping, p};
}

std::vector<std::string> distinct(const std::vector<HipTarget> &targets, bool withFeatures)
{
    std::vector<std::pair<std::string_view, std::string_view>> keys;
    keys.reserve(targets.size());
    for (const HipTarget &t : targets)
        keys.emplace_back(t.processor, withFeatures ? std::string_view(t.features) : std::string_view());
    auto less = [](const auto &a, const auto &b) {
        return std::tuple(versionKey(a.first), a.second) < std::tuple(versionKey(b.first), b.second);
    };
    std::sort(keys.begin(), keys.end(), less);
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    std::vector<std::string> out;
    out.reserve(keys.size());
    for (const auto &[processor, features] : keys)
        out.push_back(std::string(processor) + std::string(features));
    return out;
}

// The generic processors of LLVM's AMDGPUUsage ("Generic Processors", LLVM 20) and what they cover.
constexpr std::pair<std::string_view, std::string_view> kGenericProcessors[] = {
    {"gfx9-generic", "gfx900 gfx902 gfx904 gfx906 gfx909 gfx90c"},
    {"gfx9-4-generic", "gfx940 gfx941 gfx942 gfx950"},
    {"gfx10-1-generic", "gfx1010 gfx1011 gfx1012 gfx1013"},
    {"gfx10-3-generic", "gfx1030 gfx1031 gfx1032 gfx1033 gfx1034 gfx1035 gfx1036"},
    {"gfx11-generic", "gfx1100 gfx1101 gfx1102 gfx1103 gfx1150 gfx1151 gfx1152 gfx1153"},
    {"gfx12-generic", "gfx1200 gfx1201"},
};

bool covers(std::string_view codeProcessor, std::string_view gpuProcessor)
{
    if (codeProcessor == gpuProcessor)
        return true;
    for (const auto &[generic, members] : kGenericProcessors) {
        if (generic != codeProcessor)
            continue;
        for (std::size_t pos = 0; pos < members.size();) { // word by word
            const std::size_t space = std::min(members.find(' ', pos), members.size());
            if (members.substr(pos, space - pos) == gpuProcessor)
                return true;
            pos = space + 1;
        }
    }
    return false;
}

// The mode a target ID sets for a feature: '+', '-', or 0 when it does not say ("any").
char mode(std::string_view features, std::string_view feature)
{
    for (std::size_t pos = 0; pos < features.size();) {
        const std::size_t colon = features.find(':', pos);
        const std::string_view item = features.substr(pos, colon == std::string_view::npos ? colon : colon - pos);
        if (item.size() == feature.size() + 1 && item.substr(0, feature.size()) == feature)
            return item.back();
        if (colon == std::string_view::npos)
            break;
        pos = colon + 1;
    }
    return 0;
}

} // namespace

std::vector<std::string> HipCode::processors() const
{
    return distinct(targets, false);
}

std::vector<std::string> HipCode::ids() const
{
    return distinct(targets, true);
}

bool hipRunsOn(const HipTarget &target, const std::string &gpu)
{
    const std::string_view name(gpu);
    const auto colon = name.find(':');
    const std::string_view gpuFeatures = colon == std::string_view::npos ? std::string_view() : name.substr(colon);
    if (!covers(target.processor, name.substr(0, colon)))
        return false;
    for (const std::string_view feature : {"xnack", "sramecc"}) {
        const char wanted = mode(target.features, feature), has = mode(gpuFeatures, feature);
        if (wanted != 0 && has != 0 && wanted != has)
            return false;
    }
    return true;
}

std::string readHipCode(const ByteSource &src, HipCode &out)
{
    out = HipCode{};
    FileSection section;
    // PE cuts section names to eight characters.
    const std::string err = findSection(src, ".hip_fatbin", ".hip_fat", section);
    if (!err.empty() || !section.found)
        return err;
    return BundleWalker(src, out).walk(section.offset, section.size);
}

std::string readHipCodeFile(const std::string &path, HipCode &out)
{
    out = HipCode{};
    std::string error;
    auto src = FileByteSource::open(path, error);
    if (!src)
        return error;
    return readHipCode(*src, out);
}

} // namespace td::bin
