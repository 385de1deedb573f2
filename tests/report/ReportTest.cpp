// SPDX-License-Identifier: GPL-3.0-or-later
// Reports from a broken environment, in every format and in the bundle:
// the culprit, the chain and the fix are in them; planted secrets, the user
// name (not ASCII) and the host name are not. The JSON validates against its
// schema, the HTML is well-formed, and cmark-gfm reads the Markdown's structure.
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>

using namespace td::test;

namespace {

// Planted in the variables a report shows (and one secret-named variable
// whose value reappears inside another), each a different kind of secret.
const std::vector<std::pair<std::string, std::string>> kPlanted{
    {"HF_TOKEN", "hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345"},
    {"PYTORCH_CUSTOM_FLAGS", "--api sk-proj-Q8vH2kLm4NpR7sTw9xYz1aBcDeFgHiJk"},
    {"PIP_INDEX_URL", "https://ghp_R2d2C3poBb8Yy7Tt6Ss5Rr4Qq3Pp2Oo1Nn0M@github.example/simple"},
    {"PIP_EXTRA_INDEX_URL", "https://builder:hunter2Secret@pypi.corp.example/simple"},
    {"HTTPS_PROXY", "http://alice:s3cr3tP4ss@proxy.example:3128"},
    {"TORCH_HOME", "/data/AKIAIOSFODNN7EXAMPLE/cache"},
    {"UV_INDEX_URL", "https://idx.example/simple?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZCJ9.c2lnbmF0dXJlLXNpZ25lZA"},
    {"CUDA_CACHE_PATH", "/tmp/xoxb-1234567890-abcdefghijklmn"},
    {"TORCH_EXTENSIONS_DIR", "/build/glpat-AbCdEfGhIjKlMnOpQrSt/ext"},
    {"TRANSFORMERS_CACHE", "/c/AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW"},
    {"MY_DB_PASSWORD", "Zq9vLx7wPbK"},
    {"LD_LIBRARY_PATH", "/opt/Zq9vLx7wPbK/lib"},
    {"OMP_PRIVATE_KEY", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAvQ==\n-----END RSA PRIVATE KEY-----"},
};
// What must never appear in a redacted report.
const std::vector<std::string> kSecrets{"hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345",
                                        "sk-proj-Q8vH2kLm4NpR7sTw9xYz1aBcDeFgHiJk",
                                        "ghp_R2d2C3poBb8Yy7Tt6Ss5Rr4Qq3Pp2Oo1Nn0M",
                                        "hunter2Secret",
                                        "s3cr3tP4ss",
                                        "AKIAIOSFODNN7EXAMPLE",
                                        "eyJhbGciOiJIUzI1NiJ9",
                                        "xoxb-1234567890",
                                        "glpat-AbCdEfGhIjKlMnOpQrSt",
                                        "AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW",
                                        "Zq9vLx7wPbK",
                                        "MIIEowIBAAKCAQEAvQ",
                                        "张伟"};

class Reports : public ::testing::Test {
protected:
    TempDir m_dir{"td-report"};
    fs::path m_home, m_python;
    std::map<std::string, std::string> m_env;

    void SetUp() override
    {
        // A user called 张伟 whose venv holds a torch that misses a native library.
        m_home = m_dir / "home" / "张伟";
        m_python = python::makeVenv(m_home / "venv");
        ASSERT_FALSE(m_python.empty());
        const fs::path site = python::sitePackages(m_home / "venv");
        python::writeFakeTorch(
            site, "import ctypes, os\nctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', 'libtorch_cpu.so'))\n",
            "2.5.1+cpu");
        ASSERT_TRUE(python::buildSharedLibrary(m_dir / "libvanished.so", "int vanished(void) { return 1; }\n",
                                               {"-Wl,-soname,libvanished.so"}));
        ASSERT_TRUE(python::buildSharedLibrary(
            site / "torch/lib/libtorch_cpu.so", "int vanished(void);\nint cpu(void) { return vanished(); }\n",
            {(m_dir / "libvanished.so").string(), "-Wl,-soname,libtorch_cpu.so", "-Wl,-rpath,$ORIGIN"}));
        fs::remove(m_dir / "libvanished.so");
        m_env = {{"HOME", m_home.string()},
                 {"USER", "张伟"},
                 {"LOGNAME", "张伟"},
                 {"XDG_DATA_HOME", (m_home / ".local/share").string()}};
        for (const auto &[k, v] : kPlanted)
            m_env[k] = v;
    }

    RunResult torchdoctor(std::vector<std::string> args)
    {
        std::vector<std::string> argv{config::torchdoctor};
        argv.insert(argv.end(), args.begin(), args.end());
        RunOptions options;
        options.setEnv = m_env;
        options.timeout = std::chrono::seconds(240);
        return run(argv, options);
    }

    std::string check(const std::string &format, bool redact = true)
    {
        std::vector<std::string> args{"check", "--python", m_python.string(), "--format", format};
        if (!redact)
            args.push_back("--no-redact");
        const RunResult r = torchdoctor(args);
        EXPECT_EQ(r.exitCode, 1) << format << r.err; // the environment is broken
        return r.out;
    }

    static void expectNothingPrivate(const std::string &what, const std::string &text)
    {
        for (const auto &secret : kSecrets)
            EXPECT_EQ(text.find(secret), std::string::npos) << what << " leaks " << secret;
        const std::string host = QSysInfo::machineHostName().toStdString();
        if (host.size() >= 4) {
            EXPECT_EQ(text.find(host), std::string::npos) << what << " leaks the host name " << host;
        }
    }

    static void expectCulpritChainAndFix(const std::string &what, const std::string &text)
    {
        EXPECT_NE(text.find("libvanished.so"), std::string::npos) << what << " does not name the culprit";
        EXPECT_NE(text.find("libtorch_cpu.so"), std::string::npos) << what << " does not show the chain";
        EXPECT_NE(text.find("reinstall"), std::string::npos) << what << " does not say what to do";
    }
};

} // namespace

TEST_F(Reports, EveryFormatNamesTheCulpritAndLeaksNothing)
{
    for (const std::string format : {"text", "json", "markdown", "html"}) {
        const std::string redacted = check(format);
        expectCulpritChainAndFix(format, redacted);
        expectNothingPrivate(format, redacted);
        EXPECT_NE(redacted.find("~/venv"), std::string::npos) << format << ": the home folder is not shown as ~";
    }
    // Without redaction the secrets are there: the test above is not vacuous.
    const std::string raw = check("json", false);
    std::size_t present = 0;
    for (const auto &secret : kSecrets)
        present += raw.find(secret) != std::string::npos;
    EXPECT_EQ(present, kSecrets.size()) << raw;
    EXPECT_NE(raw.find("\"redacted\": false"), std::string::npos);
}

TEST_F(Reports, JsonValidatesAgainstItsSchema)
{
    const fs::path report = m_dir / "report.json";
    writeFile(report, check("json"));
    const std::string schema = std::string(config::sourceDir) + "/resources/report/report.schema.json";
    const RunResult r = run({"/usr/bin/python3", "-c",
                             "import json, sys, jsonschema\n"
                             "jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))\n"
                             "print('valid')\n",
                             report.string(), schema});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "valid\n");
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(readFile(report))).object();
    EXPECT_TRUE(doc.value(QStringLiteral("redaction")).toObject().value(QStringLiteral("redacted")).toBool());
}

TEST_F(Reports, HtmlIsWellFormedAndSelfContained)
{
    const fs::path html = m_dir / "report.html";
    writeFile(html, check("html"));
    const RunResult r = run({"xmllint", "--noout", "--nonet", html.string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const std::string text = readFile(html);
    EXPECT_EQ(text.find("<script"), std::string::npos);
    for (const char *external : {"<link", " src=", "url(", "@import"})
        EXPECT_EQ(text.find(external), std::string::npos) << "no external resources: " << external;
    EXPECT_NE(text.find("<meta charset=\"utf-8\"/>"), std::string::npos);
}

TEST_F(Reports, MarkdownHasItsStructure)
{
    const fs::path md = m_dir / "report.md";
    writeFile(md, check("markdown"));
    const RunResult r = run({"cmark-gfm", "--extension", "table", "--to", "xml", md.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string xml = r.out;
    EXPECT_NE(xml.find("<heading level=\"1\">"), std::string::npos);
    EXPECT_NE(xml.find("<table>"), std::string::npos) << "the summary table";
    EXPECT_NE(xml.find("<code_block"), std::string::npos) << "the failing chain";
    EXPECT_NE(xml.find("&lt;details&gt;"), std::string::npos) << "long parts are collapsible";
    EXPECT_NE(xml.find("libvanished.so"), std::string::npos);
}

TEST_F(Reports, TheBundleHoldsEveryFormatAndTheLog)
{
    const fs::path bundle = m_dir / "support.zip";
    writeFile(bundle, "an older bundle");
    const RunResult r = torchdoctor({"report", "--python", m_python.string(), "--bundle", bundle.string()});
    EXPECT_EQ(r.exitCode, 1) << r.err;
    const RunResult list = run({"unzip", "-Z1", bundle.string()});
    ASSERT_EQ(list.exitCode, 0) << list.err;
    for (const char *name : {"report.md", "report.html", "report.json", "report.txt", "torchdoctor.log"})
        EXPECT_NE(list.out.find(name), std::string::npos) << name;
    const RunResult all = run({"unzip", "-p", bundle.string()});
    expectNothingPrivate("the bundle", all.out);
    expectCulpritChainAndFix("the bundle", all.out);
    // The log went in, redacted.
    const RunResult log = run({"unzip", "-p", bundle.string(), "torchdoctor.log"});
    EXPECT_NE(log.out.find("report"), std::string::npos) << log.out;
    // Usage.
    EXPECT_EQ(torchdoctor({"report"}).exitCode, 2);
    EXPECT_EQ(
        torchdoctor({"report", "--python", m_python.string(), "--bundle", "/proc/nope/x.zip", "--no-import"}).exitCode,
        3);
}

// torch-directml in the environment: the GPU line says DirectML, not "torch runs on the CPU".
TEST_F(Reports, TorchDirectMlIsNamedAsTheGpuTorchUses)
{
    const fs::path distInfo = python::sitePackages(m_home / "venv") / "torch_directml-0.2.5.dev240914.dist-info";
    writeFile(distInfo / "METADATA", "Metadata-Version: 2.1\nName: torch-directml\nVersion: 0.2.5.dev240914\n"
                                     "Requires-Dist: torch==2.5.1\n");
    writeFile(distInfo / "RECORD", "");
    writeFile(distInfo / "INSTALLER", "pip\n");
    const std::string text = check("text");
    if (text.find("NVIDIA driver ") != std::string::npos && text.find("no NVIDIA driver") == std::string::npos)
        GTEST_SKIP() << "this machine has an NVIDIA driver: the GPU line names it";
    EXPECT_NE(text.find("GPU: DirectML through torch-directml 0.2.5.dev240914"), std::string::npos) << text;
}
