// SPDX-License-Identifier: GPL-3.0-or-later
// glibc's ld.so, emulated from the files alone (elf/dl-load.c, glibc 2.36):
// for each DT_NEEDED, an object already loaded under that name wins; else
// DT_RPATH of the requester and of the chain that loaded it (only while none
// of them has DT_RUNPATH), LD_LIBRARY_PATH, the requester's own DT_RUNPATH,
// /etc/ld.so.cache, then the built-in folders (both skipped for
// DF_1_NODEFLIB). Candidates of another ELF class or machine are skipped.
// Every search folder is tried with the glibc-hwcaps and legacy hwcap
// subfolders first (GlibcSearchRules).
#include "LinuxLoader.h"

#include "GlibcSearchRules.h"
#include "LdSoCache.h"
#include "PathNames.h"
#include "SymbolCheck.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace td::loader {

namespace fs = std::filesystem;

namespace linux_rules {

std::string expandTokens(const std::string &entry, const std::string &origin, const std::string &lib,
                         const std::string &platform)
{
    std::string out;
    out.reserve(entry.size());
    for (std::size_t i = 0; i < entry.size();) {
        if (entry[i] != '$') {
            out += entry[i++];
            continue;
        }
        const std::pair<const char *, const std::string *> tokens[] = {
            {"ORIGIN", &origin}, {"LIB", &lib}, {"PLATFORM", &platform}};
        bool matched = false;
        for (const auto &[name, value] : tokens) {
            const std::string plain = name, braced = std::string("{") + name + "}";
            if (entry.compare(i + 1, braced.size(), braced) == 0) {
                out += *value;
                i += 1 + braced.size();
                matched = true;
                break;
            }
            // $NAME must not run on into more identifier characters.
            if (entry.compare(i + 1, plain.size(), plain) == 0) {
                const std::size_t end = i + 1 + plain.size();
                if (end == entry.size()
                    || !(std::isalnum(static_cast<unsigned char>(entry[end])) || entry[end] == '_')) {
                    out += *value;
                    i = end;
                    matched = true;
                    break;
                }
            }
        }
        if (!matched)
            out += entry[i++];
    }
    return out;
}

std::vector<std::string> splitSearchList(const std::string &value, bool allowSemicolon)
{
    std::vector<std::string> out;
    std::string current;
    for (const char c : value) {
        if (c == ':' || (allowSemicolon && c == ';')) {
            out.push_back(current.empty() ? "." : current);
            current.clear();
        } else {
            current += c;
        }
    }
    out.push_back(current.empty() ? "." : current);
    return out;
}

std::string multiarchTriplet(std::uint16_t machine, bool is64, bool bigEndian)
{
    switch (machine) {
    case 62: return "x86_64-linux-gnu";
    case 3: return "i386-linux-gnu";
    case 183: return "aarch64-linux-gnu";
    case 40: return "arm-linux-gnueabihf";
    case 21: return bigEndian ? "powerpc64-linux-gnu" : "powerpc64le-linux-gnu";
    case 22: return "s390x-linux-gnu";
    case 243: return "riscv64-linux-gnu";
    case 8: return is64 ? "mips64el-linux-gnuabi64" : "mipsel-linux-gnu";
    case 258: return "loongarch64-linux-gnu";
    default: return {};
    }
}

} // namespace linux_rules

namespace {

using namespace linux_rules;

constexpr std::uint64_t kDf1NoDefLib = 0x800;
constexpr std::size_t kNoNode = static_cast<std::size_t>(-1);

struct Step {
    Via via;
    std::string entry; // as written
    std::string dir;   // expanded (with the hwcaps subfolder, if any)
    std::string owner; // whose RPATH/RUNPATH it is
    int list = 0;      // open_path() gives up a whole list on some errors
};

// What one candidate does to the search.
enum class Outcome { Next, EndList, Stop };

struct Candidate {
    std::string path;
    Via via = Via::NotFound;
    std::string entry;
    FileIssue issue = FileIssue::None;     // skipped or fatal ones: why
    std::string fact;                      // what the issue names
    const bin::BinaryInfo *info = nullptr; // the winner's parse
};

struct Lookup {
    std::optional<Candidate> winner;
    struct File {
        std::uint64_t device = 0, inode = 0, size = 0;
    } winnerFile; // the winner's, to tell later copies from it
    int pathId = -1;                    // the winner's path, interned
    std::size_t node = kNoNode;         // the winner's node in the graph (made on first use)
    std::optional<Candidate> fatal; // a file ld.so would stop on (not ELF, damaged)
    ProblemKind fatalKind = ProblemKind::NotALibrary;
    std::vector<Candidate> wrongArch; // skipped: another ELF class or machine
    std::vector<Candidate> skipped;   // dangling links, unreadable files
    std::vector<Candidate> others;    // later compatible copies: shadowed by the winner
};

// Every name and path the emulation compares, interned once per emulator:
// "already in this process?" and the lookup cache then index and hash small
// integers, not strings, however many processes ask again.
class Names {
public:
    int id(std::string_view text)
    {
        if (const auto it = m_ids.find(text); it != m_ids.end())
            return it->second;
        const std::string &kept = m_texts.emplace_back(text);
        const int id = static_cast<int>(m_texts.size() - 1);
        m_ids.emplace(kept, id);
        return id;
    }
    [[nodiscard]] std::string_view text(int id) const { return m_texts[static_cast<std::size_t>(id)]; }
    [[nodiscard]] std::size_t size() const { return m_texts.size(); }

private:
    std::unordered_map<std::string_view, int> m_ids;
    std::deque<std::string> m_texts; // a deque: the strings never move, so the views stay valid
};

// The interned names of one parsed file (-1: none).
struct FileNames {
    int soname = -1;
    std::vector<int> needed;       // DT_NEEDED, in order
    std::vector<int> versionFiles; // the file of each DT_VERNEED entry, in order
};

// One object in the emulated process. The BinaryCache keeps every parsed
// file alive for the whole analysis, so plain pointers are safe here.
struct Obj {
    std::string_view path; // as opened (symlinks not resolved, as ld.so keeps it); interned
    int pathId = -1;
    const bin::BinaryInfo *info = nullptr;
    const bin::ElfInfo *elf = nullptr;
    const FileNames *names = nullptr; // of `info`
    std::size_t node = 0;
    int loader = -1;                // the object whose DT_NEEDED brought it in
    bool rpathChain = false;        // it or an object up its loader chain contributes DT_RPATH
    const Lookup *lookup = nullptr; // how it was found (other copies, for version advice)
    int plan = -1;                  // interned search plan, made on first use
    Via via = Via::NotFound;        // the rule it was found by
};

constexpr std::uint16_t hostMachine()
{
#if defined(__x86_64__)
    return 62;
#elif defined(__aarch64__)
    return 183;
#elif defined(__i386__)
    return 3;
#else
    return 0;
#endif
}

// The highest GLIBC_2.N a libc defines: the glibc version it belongs to.
std::pair<int, int> glibcVersionOf(const bin::ElfInfo &libc)
{
    std::pair<int, int> best{0, 0};
    for (const auto &v : libc.versionDefs) {
        int major = 0, minor = 0;
        if (std::sscanf(v.c_str(), "GLIBC_%d.%d", &major, &minor) == 2)
            best = std::max(best, std::pair{major, minor});
    }
    return best;
}

// "GLIBCXX_3.4.29" < "GLIBCXX_3.4.30": compare the numbers after the prefix.
bool versionLess(const std::string &a, const std::string &b)
{
    auto numbers = [](const std::string &s) {
        std::vector<long> out;
        long current = -1;
        for (const char c : s) {
            if (std::isdigit(static_cast<unsigned char>(c)))
                current = (current < 0 ? 0 : current * 10) + (c - '0');
            else if (current >= 0) {
                out.push_back(current);
                current = -1;
            }
        }
        if (current >= 0)
            out.push_back(current);
        return out;
    };
    return numbers(a) < numbers(b);
}

// Whether `elf` defines the version that entry `v` of `need` asks for. ld.so
// compares the hashes the two files carry, then the names: the hash finds the
// entry without comparing names; a file whose hashes are wrong is read by the
// names alone, so that the answer never depends on them.
bool definesVersion(const bin::ElfInfo &elf, const bin::ElfVersionNeed &need, std::size_t v)
{
    const std::string &version = need.versions[v];
    const auto &defs = elf.versionDefs;
    if (v < need.hashes.size() && elf.versionDefHashes.size() == defs.size()) {
        const auto &hashes = elf.versionDefHashes;
        for (auto at = std::find(hashes.begin(), hashes.end(), need.hashes[v]); at != hashes.end();
             at = std::find(at + 1, hashes.end(), need.hashes[v]))
            if (defs[static_cast<std::size_t>(at - hashes.begin())] == version)
                return true;
    }
    return std::find(defs.begin(), defs.end(), version) != defs.end();
}

std::string prefixOf(const std::string &version)
{
    const auto cut = version.find_first_of("0123456789");
    return cut == std::string::npos ? version : version.substr(0, cut);
}

// In load order, which is also the breadth-first order of the walk.
using Objects = std::vector<Obj>;

class LinuxEmulator final : public Emulator {
public:
    LinuxEmulator(const DepsOptions &options, BinaryCache &cache) : m_options(options), m_cache(cache)
    {
        m_root = options.systemDir.value_or("");
        while (m_root.size() > 1 && m_root.back() == '/')
            m_root.pop_back();
        if (m_root == "/")
            m_root.clear();
        std::string llp;
        if (options.path)
            llp = *options.path;
        else if (auto it = options.env.find("LD_LIBRARY_PATH"); it != options.env.end())
            llp = it->second;
        if (!llp.empty())
            m_ldLibraryPath = splitSearchList(llp, true);
        m_ldLibraryPathHasTokens = llp.find('$') != std::string::npos; // $ORIGIN: per program
        if (auto it = options.env.find("LD_PRELOAD"); it != options.env.end()) {
            std::string item;
            for (const char c : it->second + " ") {
                if (c == ' ' || c == ':' || c == '\t' || c == '\n') {
                    if (!item.empty())
                        m_preload.push_back(item);
                    item.clear();
                } else {
                    item += c;
                }
            }
        }
        // /etc/ld.so.preload applies to every process, like LD_PRELOAD.
        const std::string preloadFile = m_root + "/etc/ld.so.preload";
        if (m_cache.facts(preloadFile).isRegular) {
            std::ifstream in(preloadFile);
            for (std::string word; in >> word;)
                if (!word.empty() && word[0] != '#')
                    m_preload.push_back(word);
        }
        for (const auto &name : m_preload)
            m_preloadIds.push_back(m_names.id(name));
    }

    void load(const std::string &rootPath, std::size_t rootIndex, GraphBuilder &graph) override
    {
        ++m_process; // forgets what the previous process loaded
        if (&graph != m_nodesOf) { // the lookups' nodes are this graph's
            for (auto &entry : m_lookups)
                entry.second.node = kNoNode;
            m_neededTo.clear();
            m_nodesOf = &graph;
        }
        Objects &objs = m_objs;
        objs.clear();
        Obj root;
        root.pathId = m_names.id(rootPath);
        root.path = m_names.text(root.pathId);
        root.info = m_cache.binary(rootPath).get();
        root.elf = root.info ? root.info->elf() : nullptr;
        root.node = rootIndex;
        if (!root.elf)
            return;
        root.names = &namesOf(*root.elf);
        root.rpathChain = root.elf->rpath && !root.elf->runpath;
        objs.push_back(root);
        remember(objs, 0, -1);
        const bin::ElfInfo &process = *objs[0].elf;
        m_lib = libDir(process);
        m_rules = &rulesFor(process);
        m_platform = m_rules->platform;
        m_mainOrigin.reset(); // worked out when a search entry needs it

        // ld.so itself is in every process: a DT_NEEDED on its soname (libc
        // has one) matches it. Its node is made only when something needs it.
        m_interpreter = process.interpreter.empty() ? defaultInterpreter(process) : process.interpreter;
        if (!m_interpreter.empty()) {
            if (m_interpreter != m_rtld.interpreter) { // nearly every process has the same: worked out once
                m_rtld.interpreter = m_interpreter;
                Obj &rtld = m_rtld.object = Obj{};
                rtld.pathId = m_names.id(m_root + m_interpreter);
                rtld.path = m_names.text(rtld.pathId);
                rtld.info = m_cache.binary(std::string(rtld.path)).get();
                const bin::ElfInfo *elf = rtld.info ? rtld.info->elf() : nullptr;
                rtld.names = elf ? &namesOf(*elf) : nullptr;
                rtld.node = kNoNode;
                m_rtld.nameId = m_names.id(m_interpreter);
            }
            objs.push_back(m_rtld.object);
            // Its soname is remembered; it is not walked (ld.so needs nothing).
            remember(objs, objs.size() - 1, m_rtld.nameId);
        }

        // Breadth first, as _dl_map_object_deps does: preloads after the main
        // object, then each object's DT_NEEDED in order. Objects are added
        // in that order, so the walk is a pass over them (ld.so's entry has
        // no ElfInfo of its own and is not walked).
        for (std::size_t k = 0; k < m_preload.size(); ++k)
            need(objs, 0, m_preloadIds[k], m_preload[k], graph, true, nullptr);
        for (std::size_t current = 0; current < objs.size(); ++current) {
            const bin::ElfInfo *elf = objs[current].elf;
            if (!elf)
                continue;
            // By reference: the names are owned by the parsed file.
            const FileNames &names = *objs[current].names;
            std::vector<std::size_t> &edgeTo = m_neededTo[objs[current].node]; // node-based: stays put
            edgeTo.resize(elf->needed.size(), kNoNode);
            for (std::size_t k = 0; k < elf->needed.size(); ++k)
                need(objs, current, names.needed[k], elf->needed[k], graph, false, &edgeTo[k]);
        }
        checkVersions(objs, graph);
        checkSymbols(objs, graph);
    }

private:
    // The subfolders and $PLATFORM of the glibc that runs processes of this
    // kind: the live system's own, or the one in the analysed root.
    const GlibcSearchRules &rulesFor(const bin::ElfInfo &process)
    {
        const int key = process.machine * 2 + (process.is64 ? 1 : 0);
        if (const auto it = m_rulesByKind.find(key); it != m_rulesByKind.end())
            return it->second;
        std::pair<int, int> version{0, 0};
        if (m_root.empty() && process.machine == hostMachine())
            version = runningGlibcVersion();
        if (version.first == 0) {
            for (const auto &d : defaultDirs(process)) {
                const auto libc = m_cache.binary(m_root + d + "/libc.so.6");
                if (const bin::ElfInfo *elf = libc ? libc->elf() : nullptr; elf && compatible(process, *elf)) {
                    version = glibcVersionOf(*elf);
                    break;
                }
            }
        }
        if (version.first == 0)
            version = {2, 36}; // no glibc to read: the oldest rules we model
        return m_rulesByKind
            .emplace(key, glibcSearchRules(hostGlibcTarget(process.machine, version.first, version.second)))
            .first->second;
    }

    // $ORIGIN of the main program: the kernel names it through
    // /proc/self/exe, so a program started through a symbolic link (a
    // venv's bin/python) gets the folder of the file the link points to.
    // A library analysed as a root is opened by name, links and all.
    std::string mainOrigin(const Obj &main) const
    {
        const std::string path(main.path);
        if (main.elf && !main.elf->interpreter.empty()) {
            std::error_code ec;
            const fs::path real = fs::canonical(path, ec);
            if (!ec)
                return paths::folderOf(real.string());
        }
        return paths::folderOf(path);
    }

    const std::string &mainOriginOf(const Objects &objs)
    {
        if (!m_mainOrigin)
            m_mainOrigin = mainOrigin(objs[0]);
        return *m_mainOrigin;
    }

    std::string originOf(const Objects &objs, std::size_t index)
    {
        return index == 0 ? mainOriginOf(objs) : paths::folderOf(objs[index].path);
    }

    // Each search folder as ld.so tries it: its hwcaps subfolders that
    // exist, best first, then the folder itself.
    void addFolder(std::vector<Step> &out, Step step) const
    {
        for (const auto &sub : m_rules->subfolders) {
            if (sub.empty()) {
                out.push_back(step);
                break;
            }
            std::string dir = paths::join(step.dir, sub);
            if (!m_cache.facts(dir).isDirectory)
                continue;
            Step s = step;
            s.dir = std::move(dir);
            out.push_back(std::move(s));
        }
    }

    // $LIB: Debian's ld.so expands it to lib/<triplet>; others to lib or lib64.
    std::string libDir(const bin::ElfInfo &elf) const
    {
        const std::string triplet = multiarchTriplet(elf.machine, elf.is64, elf.bigEndian);
        if (!triplet.empty() && m_cache.facts(m_root + "/lib/" + triplet).isDirectory)
            return "lib/" + triplet;
        return elf.is64 && m_cache.facts(m_root + "/lib64").isDirectory ? "lib64" : "lib";
    }

    // The dynamic loader a library gets when it is not the main program.
    static std::string defaultInterpreter(const bin::ElfInfo &elf)
    {
        switch (elf.machine) {
        case 62: return "/lib64/ld-linux-x86-64.so.2";
        case 3: return "/lib/ld-linux.so.2";
        case 183: return "/lib/ld-linux-aarch64.so.1";
        case 40: return "/lib/ld-linux-armhf.so.3";
        case 21: return elf.bigEndian ? "/lib64/ld64.so.1" : "/lib64/ld64.so.2";
        case 22: return "/lib/ld64.so.1";
        case 243: return "/lib/ld-linux-riscv64-lp64d.so.1";
        default: return {};
        }
    }

    // The system folders for a process of this machine and class (the same
    // for every process of that kind, so they are worked out once).
    const std::vector<std::string> &defaultDirs(const bin::ElfInfo &elf) const
    {
        const int key = elf.machine * 4 + (elf.is64 ? 2 : 0) + (elf.bigEndian ? 1 : 0);
        if (const auto it = m_defaultDirs.find(key); it != m_defaultDirs.end())
            return it->second;
        std::vector<std::string> &dirs = m_defaultDirs[key];
        const std::string triplet = multiarchTriplet(elf.machine, elf.is64, elf.bigEndian);
        const bool multiarch = !triplet.empty() && m_cache.facts(m_root + "/lib/" + triplet).isDirectory;
        if (multiarch) {
            dirs.push_back("/lib/" + triplet);
            dirs.push_back("/usr/lib/" + triplet);
        } else if (elf.is64) {
            dirs.push_back("/lib64");
            dirs.push_back("/usr/lib64");
        }
        dirs.push_back("/lib");
        dirs.push_back("/usr/lib");
        return dirs;
    }

    // The system folders with their hwcaps subfolders, as search steps.
    const std::vector<Step> &defaultSteps(const bin::ElfInfo &process) const
    {
        const int key = process.machine * 4 + (process.is64 ? 2 : 0) + (process.bigEndian ? 1 : 0);
        if (const auto it = m_defaultSteps.find(key); it != m_defaultSteps.end())
            return it->second;
        std::vector<Step> &steps = m_defaultSteps[key];
        for (const auto &d : defaultDirs(process)) {
            const std::size_t first = steps.size();
            addFolder(steps, {Via::Default, d, m_root + d, {}, 0});
            for (std::size_t i = first; i < steps.size(); ++i)
                steps[i].dir = steps[i].dir.substr(m_root.size()); // consider() adds the root again
        }
        return steps;
    }

    const LdSoCache &ldSoCache()
    {
        if (!m_ldSoCache)
            m_ldSoCache = LdSoCache::read(m_root + "/etc/ld.so.cache");
        return *m_ldSoCache;
    }

    // The search steps for a name requested by objs[requester].
    std::vector<Step> steps(const Objects &objs, std::size_t requester)
    {
        std::vector<Step> out;
        int list = 0;
        const Obj &req = objs[requester];
        if (!req.elf->runpath) {
            for (int l = static_cast<int>(requester); l >= 0; l = objs[static_cast<std::size_t>(l)].loader) {
                const Obj &o = objs[static_cast<std::size_t>(l)];
                if (!o.elf || o.elf->runpath || !o.elf->rpath)
                    continue;
                const std::string origin = originOf(objs, static_cast<std::size_t>(l));
                ++list;
                for (const auto &e : splitSearchList(*o.elf->rpath, false))
                    addFolder(out,
                              {Via::Rpath, e, expandTokens(e, origin, m_lib, m_platform), std::string(o.path), list});
            }
        }
        ++list;
        for (const auto &e : m_ldLibraryPath)
            addFolder(out, {Via::LdLibraryPath, e, expandTokens(e, mainOriginOf(objs), m_lib, m_platform), {}, list});
        ++list;
        for (const auto &d : m_options.searchDirs)
            addFolder(out, {Via::SearchDir, d, d, {}, list});
        ++list;
        if (req.elf->runpath) {
            const std::string origin = originOf(objs, requester);
            for (const auto &e : splitSearchList(*req.elf->runpath, false))
                addFolder(out,
                          {Via::Runpath, e, expandTokens(e, origin, m_lib, m_platform), std::string(req.path), list});
        }
        return out;
    }

    bool compatible(const bin::ElfInfo &process, const bin::ElfInfo &candidate) const
    {
        return candidate.is64 == process.is64 && candidate.machine == process.machine;
    }

    // Looks at one candidate file and records what ld.so would make of it:
    // search on, give up this list of folders, or stop (a fatal file).
    // After a winner, only the copies it shadows are collected.
    Outcome consider(const bin::ElfInfo &process, Candidate c, Lookup &result)
    {
        const FileFacts f = m_cache.facts(c.path);
        if (!f.exists) {
            if (f.error == ELOOP) {
                if (result.winner)
                    return Outcome::Next;
                // Not ENOENT or EACCES: open_path() gives up this list of
                // folders; the next list (LD_LIBRARY_PATH, RUNPATH, the cache) is still tried.
                c.issue = FileIssue::LinkLoop;
                result.skipped.push_back(std::move(c));
                return Outcome::EndList;
            }
            if (f.danglingLink) {
                c.issue = FileIssue::BrokenLink;
                c.fact = f.linkTarget;
                result.skipped.push_back(std::move(c));
            }
            return Outcome::Next;
        }
        if (f.isDirectory) {
            if (result.winner)
                return Outcome::Next;
            // open() succeeds on a folder, then reading it fails: open_verify()
            // reports "cannot read file data" and the whole load fails.
            result.fatal = c;
            result.fatal->issue = FileIssue::Folder;
            return Outcome::Stop;
        }
        if (!f.isRegular)
            return Outcome::Next;
        const auto info = m_cache.binary(c.path, f);
        const bin::ElfInfo *elf = info ? info->elf() : nullptr;
        if (!elf) {
            if (info && info->format == bin::Format::Unknown && info->error.rfind("cannot ", 0) == 0) {
                c.issue = FileIssue::CannotOpen; // unreadable: ld.so skips it and searches on
                c.fact = info->error;
                result.skipped.push_back(std::move(c));
                return Outcome::Next;
            }
            if (result.winner)
                return Outcome::Next;
            result.fatal = c;
            if (info && info->format != bin::Format::Unknown) {
                result.fatal->issue = FileIssue::OtherFormat;
                result.fatal->fact = formatName(info->format);
            } else {
                result.fatal->issue = info ? FileIssue::NotABinary : FileIssue::CannotOpen;
            }
            return Outcome::Stop;
        }
        if (!compatible(process, *elf)) {
            c.issue = FileIssue::OtherMachine;
            c.fact =
                bin::elfMachineName(elf->machine, elf->is64, elf->bigEndian) + (elf->is64 ? " (64-bit)" : " (32-bit)");
            result.wrongArch.push_back(std::move(c));
            return Outcome::Next;
        }
        if (!result.winner) {
            if (!info->error.empty()) {
                result.fatal = c;
                result.fatal->issue = FileIssue::Damaged;
                result.fatal->fact = info->error;
                return Outcome::Stop;
            }
            c.info = info.get();
            result.winner = std::move(c);
            result.winnerFile = {f.device, f.inode, f.size};
            return Outcome::Next; // keep looking, for copies it shadows
        }
        const Lookup::File &w = result.winnerFile;
        if (w.device == f.device && w.inode == f.inode)
            return Outcome::Next;
        if (w.size == f.size)
            return Outcome::Next; // the same bytes in two places: harmless
        for (const auto &o : result.others)
            if (const FileFacts of = m_cache.facts(o.path); of.device == f.device && of.inode == f.inode)
                return Outcome::Next;
        result.others.push_back(std::move(c));
        return Outcome::Next;
    }

    // The cache entry ld.so takes for `name` (dl-cache.c search_cache): the
    // best active glibc-hwcaps entry; else the first legacy-hwcap entry
    // that fits this CPU, or the first plain one.
    const LdSoCache::Entry *cacheEntry(const bin::ElfInfo &process, const std::string &name)
    {
        const std::int32_t flags = LdSoCache::expectedFlags(process.machine, process.is64);
        const LdSoCache::Entry *best = nullptr;
        std::size_t bestRank = 0;
        for (const auto &e : ldSoCache().lookup(name)) {
            if (flags != 0 && e.flags != flags)
                continue;
            if (!e.hwcapsName.empty()) {
                const auto &active = m_rules->hwcaps;
                const auto at = std::find(active.begin(), active.end(), e.hwcapsName);
                const auto rank = static_cast<std::size_t>(at - active.begin());
                if (at != active.end() && (!best || rank < bestRank)) {
                    best = &e;
                    bestRank = rank;
                }
                continue;
            }
            if (best)
                break; // the glibc-hwcaps entries come first
            if (e.hwcap != 0) {
                const std::uint64_t platform = e.hwcap & (0xffULL << 48);
                if ((e.hwcap & ~m_rules->legacyCacheBits) != 0
                    || (platform != 0 && platform != m_rules->legacyCachePlatform))
                    continue;
            }
            return &e;
        }
        return best;
    }

    // A name seen in a process resolves to it, whoever asks again: the path
    // it was loaded from, every name it was asked for, and its soname.
    // (Keys are views into strings that outlive the process: the objects'
    // paths in a deque, and names owned by parsed files or by this emulator.)
    void remember(const Objects &objs, std::size_t index, int requestedAs)
    {
        const Obj &o = objs[index];
        const int soname = o.names ? o.names->soname : -1;
        markLoaded(soname, index);
        if (requestedAs >= 0 && requestedAs != soname)
            markLoaded(requestedAs, index);
        if (o.pathId != requestedAs)
            markLoaded(o.pathId, index);
    }

    // The object of this process known by that name, or -1.
    [[nodiscard]] int loadedObject(int nameId) const
    {
        const auto i = static_cast<std::size_t>(nameId);
        return i < m_loadedAt.size() && m_loadedAt[i].process == m_process ? static_cast<int>(m_loadedAt[i].object)
                                                                             : -1;
    }

    // The first object known by a name keeps it.
    void markLoaded(int nameId, std::size_t index)
    {
        if (nameId < 0)
            return;
        const auto i = static_cast<std::size_t>(nameId);
        if (m_loadedAt.size() <= i)
            m_loadedAt.resize(std::max(i + 1, m_names.size()));
        if (m_loadedAt[i].process != m_process)
            m_loadedAt[i] = {m_process, static_cast<std::uint32_t>(index)};
    }

    const FileNames &namesOf(const bin::ElfInfo &elf)
    {
        const auto [it, inserted] = m_fileNames.try_emplace(&elf);
        FileNames &names = it->second;
        if (inserted) {
            names.soname = elf.soname.empty() ? -1 : m_names.id(elf.soname);
            names.needed.reserve(elf.needed.size());
            for (const auto &n : elf.needed)
                names.needed.push_back(m_names.id(n));
            for (const auto &v : elf.versionNeeds)
                names.versionFiles.push_back(m_names.id(v.file));
        }
        return names;
    }

    // The interned search plan of objs[requester] (the same plans recur in
    // every process, so lookups are cached per plan).
    int planOf(Objects &objs, std::size_t requester)
    {
        Obj &req = objs[requester];
        if (req.plan >= 0)
            return req.plan;
        // Most libraries have neither DT_RUNPATH nor an RPATH above them: they
        // all share one plan (LD_LIBRARY_PATH and --search-dir only).
        if (!req.elf->runpath && !req.rpathChain && m_basePlan >= 0 && !m_ldLibraryPathHasTokens)
            return req.plan = m_basePlan;
        // With DT_RUNPATH only the object itself counts.
        if (req.elf->runpath) {
            if (const auto it = m_runpathPlans.find(req.pathId); it != m_runpathPlans.end())
                return req.plan = it->second;
        }
        std::vector<Step> plan = steps(objs, requester);
        std::string key;
        for (const auto &s : plan)
            key += std::to_string(static_cast<int>(s.via)) + ',' + std::to_string(s.list) + s.dir + '\n';
        auto [it, inserted] = m_planIds.emplace(std::move(key), static_cast<int>(m_plans.size()));
        if (inserted)
            m_plans.push_back(std::move(plan));
        if (req.elf->runpath)
            m_runpathPlans.emplace(req.pathId, it->second);
        else if (!req.rpathChain)
            m_basePlan = it->second;
        return req.plan = it->second;
    }

    // Where `name` is found by plan `planId`: the same in every process, so
    // worked out once (node-based: the lookups never move).
    Lookup &search(const bin::ElfInfo &process, int nameId, const std::string &name, int planId, bool noDefaultLib)
    {
        const std::uint64_t slot = static_cast<std::uint64_t>(planId) * 2 + (noDefaultLib ? 1 : 0);
        const auto [it, inserted] = m_lookups.try_emplace((slot << 32) | static_cast<std::uint32_t>(nameId));
        Lookup &result = it->second;
        if (!inserted)
            return result;

        const std::vector<Step> &plan = m_plans[static_cast<std::size_t>(planId)];
        int endedList = -1;
        for (const auto &s : plan) {
            if (s.list == endedList)
                continue;
            const Outcome o =
                consider(process, {paths::join(s.dir, name), s.via, s.entry, FileIssue::None, {}}, result);
            if (o == Outcome::Stop)
                break;
            if (o == Outcome::EndList)
                endedList = s.list;
        }
        if (!result.fatal) {
            const auto &systemDirs = defaultDirs(process);
            if (const LdSoCache::Entry *e = cacheEntry(process, name)) {
                // -z nodefaultlib (DF_1_NODEFLIB): cache entries inside the system folders are refused.
                const bool inSystemDir = std::any_of(systemDirs.begin(), systemDirs.end(), [&](const std::string &d) {
                    return e->path.compare(0, d.size() + 1, d + "/") == 0;
                });
                if (!(noDefaultLib && inSystemDir))
                    consider(process, {m_root + e->path, Via::LdSoCache, "/etc/ld.so.cache", FileIssue::None, {}},
                             result);
            }
            if (!result.fatal && !noDefaultLib) {
                for (const auto &s : defaultSteps(process)) {
                    const Outcome o = consider(
                        process, {m_root + paths::join(s.dir, name), Via::Default, s.entry, FileIssue::None, {}},
                        result);
                    if (o != Outcome::Next)
                        break;
                }
            }
        }
        if (result.winner)
            result.pathId = m_names.id(result.winner->path);
        return result;
    }

    // Where the search went, as a problem states it: the plan, the cache, the system folders.
    void describeSearch(const std::vector<Step> &plan, bool noDefaultLib, const bin::ElfInfo &process, Problem &p) const
    {
        for (const auto &s : plan)
            p.searched.push_back(searchStep(s.via, s.dir, s.dir != s.entry ? s.entry : std::string(), s.owner));
        p.searched.push_back(searchStep(Via::LdSoCache, m_root + "/etc/ld.so.cache"));
        p.noDefaultLibrary = noDefaultLib;
        if (!noDefaultLib)
            for (const auto &dir : defaultDirs(process))
                p.searched.push_back(searchStep(Via::Default, m_root + dir));
    }

    // A candidate as a problem names it: the rule that led to it, as written.
    static CandidateFile fileOf(const Candidate &c)
    {
        CandidateFile f;
        f.path = c.path;
        f.step = searchStep(c.via, {}, c.via == Via::LdSoCache ? std::string() : c.entry);
        f.issue = c.issue;
        f.fact = c.fact;
        return f;
    }

    // The files the search passed over, as the problem lists them.
    static void addCandidates(const std::vector<Candidate> &passedOver, Problem &p)
    {
        for (const auto &c : passedOver) {
            p.paths.push_back(c.path);
            p.candidates.push_back(fileOf(c));
        }
    }

    static void describeProcess(const bin::ElfInfo &process, Problem &p)
    {
        p.processMachine = bin::elfMachineName(process.machine, process.is64, process.bigEndian);
        p.processBits = process.is64 ? 64 : 32;
    }

    // The edge for a DT_NEEDED entry; `edgeTo` remembers where the entry led
    // when its object was last walked (every process walks the same
    // libraries again), so that a known edge is not looked for in the graph.
    static void addEdgeOnce(GraphBuilder &graph, std::size_t from, std::size_t to, const std::string &name, Via via,
                            std::size_t *edgeTo)
    {
        if (edgeTo && *edgeTo == to)
            return;
        graph.addEdge(from, to, name, via);
        if (edgeTo)
            *edgeTo = to;
    }

    void need(Objects &objs, std::size_t requester, int nameId, const std::string &name, GraphBuilder &graph,
              bool preload, std::size_t *edgeTo)
    {
        const bin::ElfInfo &process = *objs[0].elf;
        const Via edgeVia = preload ? Via::Preload : Via::Loaded;

        // An object already in the process under this name (or soname) wins.
        if (const int loaded = loadedObject(nameId); loaded >= 0) {
            const auto i = static_cast<std::size_t>(loaded);
            if (objs[i].node == kNoNode)
                objs[i].node = graph.found(name, objs[i].path, Via::Absolute, "PT_INTERP", objs[i].info);
            if (i != requester || preload)
                addEdgeOnce(graph, objs[requester].node, objs[i].node, name, edgeVia, edgeTo);
            return;
        }

        Lookup local;
        Lookup *found = &local;
        const std::vector<Step> *plan = &m_noPlan;
        bool noDefaultLib = false;
        if (name.find('/') != std::string::npos) {
            // A path: used as it is (relative to the working folder).
            (void)consider(process, {name, Via::Absolute, name, FileIssue::None, {}}, local);
            if (local.winner)
                local.pathId = m_names.id(local.winner->path);
        } else {
            const int id = planOf(objs, requester);
            plan = &m_plans[static_cast<std::size_t>(id)];
            noDefaultLib = (objs[requester].elf->flags1 & kDf1NoDefLib) != 0;
            found = &search(process, nameId, name, id, noDefaultLib);
        }
        Lookup &result = *found;

        if (result.winner) {
            const Candidate &w = *result.winner;
            Obj o;
            o.pathId = result.pathId;
            o.path = m_names.text(o.pathId);
            o.info = w.info;
            o.elf = o.info->elf();
            o.names = &namesOf(*o.elf);
            o.loader = static_cast<int>(requester);
            o.rpathChain = (o.elf->rpath && !o.elf->runpath) || objs[requester].rpathChain;
            o.lookup = found == &local ? nullptr : found;
            o.via = w.via;
            if (result.node == kNoNode)
                result.node = graph.found(name, w.path, w.via, w.entry, o.info);
            o.node = result.node;
            addEdgeOnce(graph, objs[requester].node, o.node, name, preload ? Via::Preload : w.via, edgeTo);
            for (const auto &other : result.others) {
                if (isPackagesOwnRule(w.via))
                    break;
                Problem p;
                p.kind = ProblemKind::Shadowed;
                p.cause = Cause::EarlierCopyWins;
                p.severity = Severity::Warning;
                p.name = name;
                p.neededBy = {std::string(objs[requester].path)};
                p.paths = {w.path, other.path};
                p.candidates = {fileOf(w), fileOf(other)};
                p.candidates[0].step.folder = paths::folderOf(w.path);
                graph.addProblem(std::move(p));
            }
            objs.push_back(o);
            remember(objs, objs.size() - 1, nameId);
            return;
        }

        if (preload)
            return; // ld.so: "cannot be preloaded ...: ignored", and the process goes on without it
        const std::size_t missingNode = graph.missing(name);
        addEdgeOnce(graph, objs[requester].node, missingNode, name, Via::NotFound, edgeTo);
        Problem p;
        p.name = name;
        p.neededBy = {std::string(objs[requester].path)};
        if (name.find('/') != std::string::npos)
            p.pathAsWritten = true;
        else
            describeSearch(*plan, noDefaultLib, process, p);
        describeProcess(process, p);
        if (result.fatal) {
            p.kind = result.fatalKind;
            p.cause = Cause::SearchStopped;
            p.paths = {result.fatal->path};
            p.candidates = {fileOf(*result.fatal)};
        } else if (!result.wrongArch.empty()) {
            p.kind = ProblemKind::WrongArch;
            p.cause = Cause::OnlyOtherMachine;
            addCandidates(result.wrongArch, p);
        } else if (!result.skipped.empty()) {
            p.kind = ProblemKind::Unreadable;
            p.cause = Cause::OnlyUnreadable;
            addCandidates(result.skipped, p);
        } else {
            p.kind = ProblemKind::Missing;
            p.cause = Cause::NotFound;
        }
        graph.addProblem(std::move(p));
    }

    // "version `GLIBCXX_3.4.30' not found (required by ...)": every version a
    // library needs must be defined by the copy that actually loaded.
    void checkVersions(const Objects &objs, GraphBuilder &graph)
    {
        for (const Obj &o : objs) {
            if (!o.elf)
                continue;
            for (std::size_t k = 0; k < o.elf->versionNeeds.size(); ++k) {
                const auto &need = o.elf->versionNeeds[k];
                const int dep = loadedObject(o.names->versionFiles[k]);
                if (dep < 0)
                    continue; // it did not load: reported as missing already
                const Obj &provider = objs[static_cast<std::size_t>(dep)];
                if (!provider.elf || provider.elf->versionDefs.empty())
                    continue; // unversioned provider: ld.so only warns
                // The same pair gives the same answer in every process.
                if (!m_versionsChecked.insert((std::uint64_t{o.node} << 32) | provider.node).second)
                    continue;
                const auto &defs = provider.elf->versionDefs;
                for (std::size_t v = 0; v < need.versions.size(); ++v) {
                    if (definesVersion(*provider.elf, need, v))
                        continue;
                    const std::string &version = need.versions[v];
                    Problem p;
                    p.kind = ProblemKind::VersionMissing;
                    p.name = version;
                    p.neededBy = {std::string(o.path)};
                    p.paths = {std::string(provider.path)};
                    p.cause = Cause::VersionUndefined;
                    p.library = need.file;
                    for (const auto &d : defs)
                        if (prefixOf(d) == prefixOf(version) && (p.newest.empty() || versionLess(p.newest, d)))
                            p.newest = d;
                    CandidateFile loaded;
                    loaded.path = std::string(provider.path);
                    loaded.step = searchStep(provider.via, paths::folderOf(provider.path));
                    p.candidates.push_back(std::move(loaded));
                    for (const auto &alt : provider.lookup ? provider.lookup->others : std::vector<Candidate>{}) {
                        const auto info = m_cache.binary(alt.path);
                        const auto *elf = info ? info->elf() : nullptr;
                        if (elf
                            && std::find(elf->versionDefs.begin(), elf->versionDefs.end(), version)
                                   != elf->versionDefs.end()) {
                            p.paths.push_back(alt.path); // a copy that has it, later in the search
                            p.candidates.push_back(fileOf(alt));
                            break;
                        }
                    }
                    graph.addProblem(std::move(p));
                }
            }
        }
    }

    // ld.so's symbol binding over this process (SymbolCheck.cpp). By default
    // only where a library from outside the package won over another copy:
    // nothing is built or read for the processes where none did.
    void checkSymbols(const Objects &objs, GraphBuilder &graph)
    {
        const auto shadowsFromOutside = [](const Obj &o) {
            return o.lookup && !o.lookup->others.empty() && !isPackagesOwnRule(o.via);
        };
        if (m_options.symbols == SymbolCheck::WhereShadowed && std::none_of(objs.begin(), objs.end(), shadowsFromOutside))
            return;
        std::vector<ScopeObject> scope;
        scope.reserve(m_options.hostObjects.size() + objs.size());
        if (objs.front().elf->interpreter.empty()) // a library: loaded into the host program
            addHost(scope);
        for (const Obj &o : objs) {
            // ld.so itself is parsed but not walked (its `elf` is not set).
            const bin::ElfInfo *elf = o.elf ? o.elf : (o.info ? o.info->elf() : nullptr);
            ScopeObject s{o.path, elf, o.node == kNoNode ? kNoGraphNode : o.node, {}, shadowsFromOutside(o),
                          isPackagesOwnRule(o.via)};
            if (o.lookup)
                for (const Candidate &c : o.lookup->others)
                    s.otherCopies.emplace_back(c.path);
            scope.push_back(std::move(s));
        }
        m_symbols.check(scope, graph);
    }

    // The host program's files, each defining symbols; none when one of them cannot be read (then
    // what Python may define is unknown, and unversioned references stay unchecked).
    void addHost(std::vector<ScopeObject> &scope)
    {
        std::vector<ScopeObject> host;
        for (const std::string &path : m_options.hostObjects) {
            const auto info = m_cache.binary(path);
            if (!info || !info->elf())
                return;
            ScopeObject s{path, info->elf(), kNoGraphNode, {}, false, false};
            s.host = true;
            host.push_back(std::move(s));
        }
        scope.insert(scope.end(), host.begin(), host.end());
    }

    DepsOptions m_options;
    BinaryCache &m_cache;
    std::string m_root;
    std::vector<std::string> m_ldLibraryPath;
    std::vector<std::string> m_preload;
    std::optional<LdSoCache> m_ldSoCache;
    std::string m_lib, m_platform;
    std::optional<std::string> m_mainOrigin; // this process's, once asked for
    const GlibcSearchRules *m_rules = nullptr;
    std::map<int, GlibcSearchRules> m_rulesByKind;
    mutable std::map<int, std::vector<Step>> m_defaultSteps;
    std::unordered_map<std::uint64_t, Lookup> m_lookups; // by (plan * 2 + nodeflib, name)
    const GraphBuilder *m_nodesOf = nullptr;             // the graph the lookups' nodes belong to
    std::vector<std::vector<Step>> m_plans;
    std::unordered_map<std::string, int> m_planIds;
    std::unordered_map<int, int> m_runpathPlans; // by the path of the object with DT_RUNPATH
    int m_basePlan = -1;
    bool m_ldLibraryPathHasTokens = false;
    const std::vector<Step> m_noPlan;
    std::string m_interpreter;
    struct {
        std::string interpreter; // PT_INTERP (or the default) it was made for
        Obj object;              // ld.so as it enters each process (no node until needed)
        int nameId = -1;         // the interpreter's name as written
    } m_rtld;
    mutable std::map<int, std::vector<std::string>> m_defaultDirs;
    Names m_names;
    std::unordered_map<const bin::ElfInfo *, FileNames> m_fileNames;
    std::vector<int> m_preloadIds;
    Objects m_objs; // this process's objects (kept: its capacity is reused)
    // By name: the process that last loaded something under it, and which object.
    struct LoadedMark {
        std::uint32_t process = 0;
        std::uint32_t object = 0;
    };
    std::vector<LoadedMark> m_loadedAt;
    // By graph node: the node each of its DT_NEEDED led to when last walked.
    std::unordered_map<std::size_t, std::vector<std::size_t>> m_neededTo;
    std::uint32_t m_process = 0;
    std::unordered_set<std::uint64_t> m_versionsChecked; // (requester node, provider node)
    SymbolChecker m_symbols{m_options.symbols, m_cache};
};

} // namespace

std::unique_ptr<Emulator> makeLinuxEmulator(const DepsOptions &options, BinaryCache &cache)
{
    return std::make_unique<LinuxEmulator>(options, cache);
}

} // namespace td::loader
