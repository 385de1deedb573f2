<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Bundle</name>
    <message>
        <source>an entry has no name</source>
        <translation>有一个条目没有名称</translation>
    </message>
    <message>
        <source>the entry name &quot;%1&quot; is not a relative &apos;/&apos; separated path</source>
        <translation>条目名称“%1”不是以“/”分隔的相对路径</translation>
    </message>
    <message>
        <source>the entry name &quot;%1&quot; has an empty, &quot;.&quot; or &quot;..&quot; component</source>
        <translation>条目名称“%1”含有空的、“.”或“..”部分</translation>
    </message>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
    <message>
        <source>Cannot write %1: the entry &quot;%2&quot; is there twice.</source>
        <translation>无法写入 %1：条目“%2”出现了两次。</translation>
    </message>
    <message>
        <source>Cannot create %1: %2.</source>
        <translation>无法创建 %1：%2。</translation>
    </message>
    <message>
        <source>Cannot write %1: out of memory.</source>
        <translation>无法写入 %1：内存不足。</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>Cannot write %1: %2: %3.</source>
        <translation>无法写入 %1：%2：%3。</translation>
    </message>
    <message>
        <source>setting up the zip writer</source>
        <translation>设置 zip 写入器时</translation>
    </message>
    <message>
        <source>opening the archive</source>
        <translation>打开压缩包时</translation>
    </message>
    <message>
        <source>writing &quot;%1&quot;</source>
        <translation>写入“%1”时</translation>
    </message>
    <message>
        <source>Cannot write %1: cancelled.</source>
        <translation>无法写入 %1：已取消。</translation>
    </message>
    <message>
        <source>finishing the archive</source>
        <translation>完成压缩包时</translation>
    </message>
    <message>
        <source>Cannot write %1: putting the finished file in place: %2.</source>
        <translation>无法写入 %1：把完成的文件放到位时出错：%2。</translation>
    </message>
</context>
<context>
    <name>CheckCommand</name>
    <message>
        <source>The interpreter to diagnose (default: the project&apos;s venv, else python3 on PATH).</source>
        <translation>要诊断的解释器（默认：项目的 venv，否则为 PATH 上的 python3）。</translation>
    </message>
    <message>
        <source>A project folder: its venv/.venv and docker-compose.yml are used.</source>
        <translation>项目文件夹：会使用其中的 venv/.venv 和 docker-compose.yml。</translation>
    </message>
    <message>
        <source>Do not import torch (faster; no CUDA check).</source>
        <translation>不导入 torch（更快；不检查 CUDA）。</translation>
    </message>
    <message>
        <source>Seconds each slow step may take (default 90).</source>
        <translation>每个耗时步骤最多可用的秒数（默认 90）。</translation>
    </message>
    <message>
        <source>Do not compare with what a new terminal gets (the login shell and its startup files).</source>
        <translation>不与新终端得到的环境（登录 shell 及其启动文件）作比较。</translation>
    </message>
    <message>
        <source>Keep user names, paths and secrets in the output (for local use only; the report says so).</source>
        <translation>在输出中保留用户名、路径和密钥（仅供本地使用；报告中会注明）。</translation>
    </message>
    <message>
        <source>First fetch the current torch release list from PyPI (5 s at most; kept in the app-data folder for later runs, and used where it is newer than the shipped knowledge). TORCHDOCTOR_RELEASE_INDEX names another index URL.</source>
        <translation>先从 PyPI 获取当前的 torch 发布列表（最多 5 秒；保存在应用数据文件夹中供以后使用，比自带知识更新时才采用）。TORCHDOCTOR_RELEASE_INDEX 可指定另一个索引 URL。</translation>
    </message>
    <message>
        <source>--timeout takes whole seconds from 1 to 3600</source>
        <translation>--timeout 取 1 到 3600 之间的整数秒</translation>
    </message>
    <message>
        <source>--project: no such folder: %1</source>
        <translation>--project：没有这个文件夹：%1</translation>
    </message>
    <message>
        <source>the release list could not be fetched from %1 (%2); using the %3 knowledge of %4</source>
        <translation>无法从 %1 获取发布列表（%2）；改用 %4 的%3知识</translation>
    </message>
    <message>
        <source>Finds your Python interpreters, learns how PyTorch is installed without trusting it to load, imports it in a separate process, probes the NVIDIA driver and GPUs, walks torch&apos;s native libraries with the rules its loader uses, and explains every problem with the repairs that apply. Output is redacted (home folder, user and host names, secrets) unless --no-redact is given.</source>
        <translation>查找你的 Python 解释器，在不依赖 PyTorch 能否加载的前提下了解它的安装情况，在单独的进程中导入它，探测 NVIDIA 驱动和 GPU，按加载器的规则遍历 torch 的原生库，并为每个问题给出适用的修复方法。除非指定 --no-redact，输出会隐去个人信息（主文件夹、用户名和主机名、密钥）。</translation>
    </message>
    <message>
        <source>text, json, markdown or html.</source>
        <translation>text、json、markdown 或 html。</translation>
    </message>
    <message>
        <source>Write the report to FILE instead of the terminal.</source>
        <translation>把报告写入 FILE，而不是输出到终端。</translation>
    </message>
    <message>
        <source>Everything: details, evidence, every interpreter found.</source>
        <translation>输出全部内容：详情、证据、找到的每个解释器。</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>多余的参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--format must be text, json, markdown or html</source>
        <translation>--format 必须是 text、json、markdown 或 html</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Runs the diagnosis and writes a support bundle: the report as JSON, Markdown, HTML and text, and the log, all redacted (home folder, user and host names, secrets in variables and URLs, GPU serials) unless --no-redact is given. Attach it to a bug report or send it to support.</source>
        <translation>运行诊断并写出一个支持包：JSON、Markdown、HTML 和文本格式的报告以及日志，除非指定 --no-redact，全部隐去个人信息（主文件夹、用户名和主机名、变量和 URL 中的密钥、GPU 序列号）。可把它附在错误报告中或发给技术支持。</translation>
    </message>
    <message>
        <source>The zip file to write.</source>
        <translation>要写入的 zip 文件。</translation>
    </message>
    <message>
        <source>give the file to write with --bundle FILE.zip</source>
        <translation>请用 --bundle FILE.zip 指定要写入的文件</translation>
    </message>
    <message>
        <source>Wrote %1 (%2; personal data and secrets redacted).</source>
        <translation>已写入 %1（%2；个人信息和密钥已隐去）。</translation>
    </message>
    <message>
        <source>Wrote %1 (%2; NOT REDACTED: do not share).</source>
        <translation>已写入 %1（%2；未隐去个人信息：请勿分享）。</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>自带的</translation>
    </message>
</context>
<context>
    <name>CheckOutcome</name>
    <message>
        <source>no Python interpreter that runs</source>
        <translation>没有能运行的 Python 解释器</translation>
    </message>
    <message>
        <source>PyTorch is not installed for this Python</source>
        <translation>此 Python 未安装 PyTorch</translation>
    </message>
    <message>
        <source>the interpreter was not probed</source>
        <translation>未探测解释器</translation>
    </message>
    <message>
        <source>the import was not asked for</source>
        <translation>未要求执行导入</translation>
    </message>
    <message>
        <source>the import did not run</source>
        <translation>导入未运行</translation>
    </message>
    <message>
        <source>the GPU probe did not finish</source>
        <translation>GPU 探测未完成</translation>
    </message>
    <message>
        <source>PyTorch has no native libraries to walk</source>
        <translation>PyTorch 没有可遍历的原生库</translation>
    </message>
    <message>
        <source>no project folder was chosen</source>
        <translation>未选择项目文件夹</translation>
    </message>
    <message>
        <source>the project has no docker-compose.yml</source>
        <translation>项目中没有 docker-compose.yml</translation>
    </message>
    <message>
        <source>Docker was not probed</source>
        <translation>未探测 Docker</translation>
    </message>
    <message>
        <source>Python %1 (%2-bit)</source>
        <translation>Python %1（%2 位）</translation>
    </message>
    <message>
        <source>torch %1 (%2)</source>
        <translation>torch %1（%2）</translation>
    </message>
    <message>
        <source>CPU build</source>
        <translation>CPU 版本</translation>
    </message>
    <message>
        <source>CUDA %1 build</source>
        <translation>CUDA %1 版本</translation>
    </message>
    <message>
        <source>torch %1 imports in %2 s</source>
        <translation>torch %1 在 %2 秒内导入成功</translation>
    </message>
    <message numerus="yes">
        <source>%n native libraries load</source>
        <translation>
            <numerusform>%n 个原生库均可加载</numerusform>
        </translation>
    </message>
    <message>
        <source>no NVIDIA driver: torch runs on the CPU</source>
        <translation>没有 NVIDIA 驱动：torch 在 CPU 上运行</translation>
    </message>
    <message numerus="yes">
        <source>driver %1; torch uses %n GPU(s)</source>
        <translation>
            <numerusform>驱动 %1；torch 使用 %n 块 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>neither torchvision nor torchaudio is installed</source>
        <translation>torchvision 和 torchaudio 均未安装</translation>
    </message>
    <message>
        <source>nothing in the way, here or in a new terminal</source>
        <translation>无论在这里还是在新终端中，都没有妨碍</translation>
    </message>
    <message>
        <source>nothing in the way</source>
        <translation>没有妨碍</translation>
    </message>
    <message>
        <source>Docker %1, compose %2</source>
        <translation>Docker %1，compose %2</translation>
    </message>
    <message>
        <source>the diagnosis was stopped</source>
        <translation>诊断已停止</translation>
    </message>
    <message>
        <source>torch %1 imports here in %2 s, but fails in a new terminal (see the environment)</source>
        <translation>torch %1 在这里 %2 秒内导入成功，但在新终端中失败（见“环境变量”）</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s), caused by: %1</source>
        <translation>
            <numerusform>%n 个问题，原因是：%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CheckReport</name>
    <message>
        <source>TorchDoctor %1: diagnosis of %2

</source>
        <translation>TorchDoctor %1：%2 的诊断

</translation>
    </message>
    <message>
        <source>(no Python found)</source>
        <translation>（未找到 Python）</translation>
    </message>
    <message>
        <source>Python %1 (%2-bit) at %3</source>
        <translation>Python %1（%2 位），位于 %3</translation>
    </message>
    <message>
        <source>PyTorch %1 (%2) at %3</source>
        <translation>PyTorch %1（%2），位于 %3</translation>
    </message>
    <message>
        <source>CPU build</source>
        <translation>CPU 版</translation>
    </message>
    <message>
        <source>CUDA %1 build</source>
        <translation>CUDA %1 版</translation>
    </message>
    <message>
        <source>; imports in %1 s</source>
        <translation>；导入耗时 %1 秒</translation>
    </message>
    <message>
        <source>Native libraries: %1 walked from %2 that torch loads</source>
        <translation>本机库：从 torch 加载的 %2 出发检查了 %1 个</translation>
    </message>
    <message>
        <source>GPU: no NVIDIA driver found (torch runs on the CPU)</source>
        <translation>GPU：未找到 NVIDIA 驱动（torch 在 CPU 上运行）</translation>
    </message>
    <message>
        <source>GPU: NVIDIA driver %1 (CUDA %2)%3</source>
        <translation>GPU：NVIDIA 驱动 %1（CUDA %2）%3</translation>
    </message>
    <message>
        <source>; torch uses it</source>
        <translation>；torch 正在使用它</translation>
    </message>
    <message>
        <source>; torch does not use it</source>
        <translation>；torch 没有使用它</translation>
    </message>
    <message>
        <source>Packages%1</source>
        <translation>软件包%1</translation>
    </message>
    <message>
        <source>Environment variables and paths</source>
        <translation>环境变量与路径</translation>
    </message>
    <message>
        <source>Docker (%1)</source>
        <translation>Docker（%1）</translation>
    </message>
    <message>
        <source>Repairs that apply: %1</source>
        <translation>适用的修复：%1</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>证据：%1</translation>
    </message>
    <message>
        <source>Python interpreters found:</source>
        <translation>找到的 Python 解释器：</translation>
    </message>
    <message>
        <source>(torch %1)</source>
        <translation>（torch %1）</translation>
    </message>
    <message>
        <source>GPU probe: %1</source>
        <translation>GPU 检测：%1</translation>
    </message>
    <message>
        <source>The diagnosis was cancelled; what is above is incomplete.
</source>
        <translation>诊断已取消；以上内容不完整。
</translation>
    </message>
    <message>
        <source>• No issues found (%1 s).
</source>
        <translation>• 没有发现问题（%1 秒）。
</translation>
    </message>
    <message>
        <source>%1 error(s), %2 warning(s) (%3 s). Knowledge base of %4.
</source>
        <translation>%1 个错误，%2 个警告（%3 秒）。知识库日期：%4。
</translation>
    </message>
    <message>
        <source>Release list: %1 of %2.
</source>
        <translation>版本列表：%1（%2）。
</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>随程序附带</translation>
    </message>
    <message>
        <source>; imports here in %1 s, but fails in a new terminal (see the environment)</source>
        <translation>；在这里导入耗时 %1 秒，但在新终端中失败（见环境变量与路径）</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) here, told under their cause: %1 [%2]</source>
        <translation>
            <numerusform>这里有 %n 个问题，已列在其原因之下：%1 [%2]</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not checked (%2)</source>
        <translation>%1：未检查（%2）</translation>
    </message>
    <message>
        <source>GPU: DirectML through torch-directml %1 (its devices are torch_directml.device(); torch.cuda is not used)</source>
        <translation>GPU：通过 torch-directml %1 使用 DirectML（其设备为 torch_directml.device()；不使用 torch.cuda）</translation>
    </message>
    <message>
        <source>GPU: %1; no NVIDIA driver</source>
        <translation>GPU：%1；没有 NVIDIA 驱动</translation>
    </message>
</context>
<context>
    <name>CheckRunner</name>
    <message>
        <source>Reading what a new terminal gets</source>
        <translation>正在读取新终端得到的环境</translation>
    </message>
    <message>
        <source>The check &quot;%1&quot; failed</source>
        <translation>检查“%1”失败</translation>
    </message>
    <message>
        <source>It stopped with an internal error (%1); its part of the diagnosis is missing. Please report this with the log file.</source>
        <translation>它因内部错误（%1）而中止，这部分诊断缺失。请附上日志文件报告此问题。</translation>
    </message>
    <message>
        <source>Importing PyTorch</source>
        <translation>导入 PyTorch</translation>
    </message>
    <message>
        <source>Probing the Python interpreter</source>
        <translation>探测 Python 解释器</translation>
    </message>
    <message>
        <source>Looking for NVIDIA GPUs and the driver</source>
        <translation>查找 NVIDIA GPU 和驱动</translation>
    </message>
    <message>
        <source>Reading system facts</source>
        <translation>读取系统信息</translation>
    </message>
    <message>
        <source>Checking Docker</source>
        <translation>检查 Docker</translation>
    </message>
    <message>
        <source>: cancelled</source>
        <translation>：已取消</translation>
    </message>
    <message>
        <source>: did not finish in time</source>
        <translation>：未能按时完成</translation>
    </message>
    <message>
        <source>Walking PyTorch&apos;s native libraries</source>
        <translation>遍历 PyTorch 的本机库</translation>
    </message>
    <message>
        <source>an unknown exception</source>
        <translation>未知异常</translation>
    </message>
    <message>
        <source>The check &quot;%1&quot; ran out of time</source>
        <translation>检查“%1”超时</translation>
    </message>
    <message>
        <source>It did not finish within %1 seconds; its part of the diagnosis is missing.</source>
        <translation>它没有在 %1 秒内完成，这部分诊断缺失。</translation>
    </message>
    <message>
        <source>Part of the diagnosis could not be completed</source>
        <translation>部分诊断未能完成</translation>
    </message>
    <message>
        <source>: an unknown failure</source>
        <translation>：未知故障</translation>
    </message>
</context>
<context>
    <name>CheckSupport</name>
    <message>
        <source>Python %1 (%2-bit) at %3</source>
        <translation>位于 %3 的 Python %1（%2 位）</translation>
    </message>
    <message>
        <source>Python %1 at %2</source>
        <translation>位于 %2 的 Python %1</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>Diagnose PyTorch for a Python interpreter: install, import, libraries, GPU, driver.</source>
        <translation>诊断某个 Python 解释器中的 PyTorch：安装、导入、库、GPU、驱动。</translation>
    </message>
    <message>
        <source>Explain which native library fails to load, and why (PE, ELF, Mach-O).</source>
        <translation>说明哪个原生库无法加载，以及原因（PE、ELF、Mach-O）。</translation>
    </message>
    <message>
        <source>Explain an error message pasted from another program: cause, file, repairs.</source>
        <translation>解释从其他程序粘贴来的错误信息：原因、文件、修复方法。</translation>
    </message>
    <message>
        <source>Write a redacted support bundle (report in four formats and the log) to a zip file.</source>
        <translation>把隐去个人信息的支持包（四种格式的报告和日志）写入 zip 文件。</translation>
    </message>
    <message>
        <source>Repair what the diagnosis found (docker, env, reinstall, system, or the whole flowchart), after showing every step and asking.</source>
        <translation>修复诊断发现的问题（docker、env、reinstall、system，或整个流程图），先展示每一步并征得同意。</translation>
    </message>
    <message>
        <source>Put back what a fix changed, from its journal.</source>
        <translation>根据日志还原某次修复所做的更改。</translation>
    </message>
    <message>
        <source>Usage: torchdoctor [COMMAND] [OPTIONS]</source>
        <translation>用法：torchdoctor [命令] [选项]</translation>
    </message>
    <message>
        <source>Finds out why PyTorch does not load or does not use the GPU, and says what to do.</source>
        <translation>找出 PyTorch 无法加载或不使用 GPU 的原因，并告诉你该怎么做。</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Show this help (or a command&apos;s: torchdoctor COMMAND --help).</source>
        <translation>显示本帮助（或某个命令的帮助：torchdoctor 命令 --help）。</translation>
    </message>
    <message>
        <source>Show the version.</source>
        <translation>显示版本。</translation>
    </message>
    <message>
        <source>Language of the output: en or zh_CN (default: the system&apos;s).</source>
        <translation>输出语言：en 或 zh_CN（默认：跟随系统）。</translation>
    </message>
    <message>
        <source>Exit codes: 0 healthy, 1 problems found, 2 usage error, 3 internal failure.</source>
        <translation>退出码：0 正常，1 发现问题，2 用法错误，3 内部故障。</translation>
    </message>
    <message>
        <source>unknown command or option &apos;%1&apos;</source>
        <translation>未知的命令或选项 &apos;%1&apos;</translation>
    </message>
</context>
<context>
    <name>CommandContext</name>
    <message>
        <source>Language of the output: en or zh_CN (default: the system&apos;s).</source>
        <translation>输出语言：en 或 zh_CN（默认：跟随系统）。</translation>
    </message>
    <message>
        <source>--lang takes one of: %1 (not &apos;%2&apos;)</source>
        <translation>--lang 只能是以下之一：%1（不能是 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>the knowledge base shipped with this build is damaged: %1</source>
        <translation>本版本自带的知识库已损坏：%1</translation>
    </message>
</context>
<context>
    <name>ComposeFile</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is larger than 1 MiB: not a compose file TorchDoctor reads</source>
        <translation>%1 超过 1 MiB：TorchDoctor 不读取这样的 compose 文件</translation>
    </message>
</context>
<context>
    <name>CoreBackend</name>
    <message>
        <source>The journal entry cannot be read.</source>
        <translation>无法读取该日志条目。</translation>
    </message>
</context>
<context>
    <name>Culprit</name>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>wrong architecture</source>
        <translation>架构不符</translation>
    </message>
    <message>
        <source>version missing</source>
        <translation>缺少版本</translation>
    </message>
    <message>
        <source>a symbol missing</source>
        <translation>缺少符号</translation>
    </message>
    <message>
        <source>another copy is in the way</source>
        <translation>被另一个副本挡住</translation>
    </message>
    <message>
        <source>cannot be loaded</source>
        <translation>无法加载</translation>
    </message>
</context>
<context>
    <name>DepsCommand</name>
    <message>
        <source>Walks the native libraries a file needs, the way the real loader searches for them (glibc ld.so, the Windows loader as torch calls it, or dyld), and explains each one that would fail to load. A folder (such as torch/lib) is analysed library by library. Runs on any host for any target.</source>
        <translation>按真实加载器的搜索方式（glibc ld.so、torch 调用时的 Windows 加载器，或 dyld）遍历一个文件需要的原生库，并解释每个会加载失败的库。文件夹（如 torch/lib）会逐个库分析。可在任何主机上分析任何目标系统。</translation>
    </message>
    <message>
        <source>A library, executable or folder.</source>
        <translation>库、可执行文件或文件夹。</translation>
    </message>
    <message>
        <source>The loader to emulate: linux, windows or macos (default: from the file&apos;s format).</source>
        <translation>要模拟的加载器：linux、windows 或 macos（默认：由文件格式决定）。</translation>
    </message>
    <message>
        <source>A folder added to the search: like os.add_dll_directory on Windows, after LD_LIBRARY_PATH / DYLD_LIBRARY_PATH elsewhere. Repeatable.</source>
        <translation>加入搜索的文件夹：在 Windows 上相当于 os.add_dll_directory，在其他系统上排在 LD_LIBRARY_PATH / DYLD_LIBRARY_PATH 之后。可重复指定。</translation>
    </message>
    <message>
        <source>PATH on Windows (&apos;;&apos;-separated); LD_LIBRARY_PATH on Linux and DYLD_LIBRARY_PATH on macOS (&apos;:&apos;-separated). Default on Linux and macOS: this process&apos;s variable.</source>
        <translation>Windows 上的 PATH（以 &apos;;&apos; 分隔）；Linux 上的 LD_LIBRARY_PATH 和 macOS 上的 DYLD_LIBRARY_PATH（以 &apos;:&apos; 分隔）。Linux 和 macOS 上默认取本进程的变量。</translation>
    </message>
    <message>
        <source>System32 for Windows; the root that the system folders and ld.so.cache are read under for Linux; the root of /usr/lib and /System for macOS.</source>
        <translation>Windows：System32；Linux：读取系统文件夹和 ld.so.cache 所用的根目录；macOS：/usr/lib 和 /System 所在的根目录。</translation>
    </message>
    <message>
        <source>Windows: the application&apos;s folder (where python.exe lives).</source>
        <translation>Windows：应用程序所在的文件夹（python.exe 所在处）。</translation>
    </message>
    <message>
        <source>macOS: the main executable, for @executable_path.</source>
        <translation>macOS：主程序，用于 @executable_path。</translation>
    </message>
    <message>
        <source>Windows: the classic search order including PATH (torch&apos;s fallback after error 126).</source>
        <translation>Windows：包含 PATH 的经典搜索顺序（torch 在错误 126 之后的后备做法）。</translation>
    </message>
    <message>
        <source>Print JSON instead of a tree.</source>
        <translation>输出 JSON 而不是树。</translation>
    </message>
    <message>
        <source>Print every tree in full, even for a large folder.</source>
        <translation>完整输出每棵树，即使文件夹很大。</translation>
    </message>
    <message>
        <source>give at least one library, executable or folder.</source>
        <translation>请至少指定一个库、可执行文件或文件夹。</translation>
    </message>
    <message>
        <source>--os must be linux, windows or macos, not &apos;%1&apos;</source>
        <translation>--os 必须是 linux、windows 或 macos，不能是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>analysing %1/%2</source>
        <translation>正在分析 %1/%2</translation>
    </message>
    <message>
        <source>Linux: which symbols each library takes from another are checked against what loads, as ld.so binds them. shadowed (the default): only where a library from outside the package wins over another copy; versioned: also every versioned symbol of the package&apos;s libraries (the roots and what their RUNPATH or $ORIGIN finds); all: every library&apos;s, unversioned ones too (those count as missing only for a program, since the program that loads a library may define them).</source>
        <translation>Linux：按 ld.so 绑定符号的方式，检查每个库从其他库取用的符号是否由实际加载的库提供。shadowed（默认）：只在包外的库压过另一份副本时检查；versioned：另外检查包内各库（根文件及其 RUNPATH 或 $ORIGIN 找到的库）所有带版本的符号；all：检查每个库的全部符号，包括不带版本的（这些只对程序算作缺失，因为加载库的程序可能自己定义它们）。</translation>
    </message>
    <message>
        <source>--symbols must be shadowed, versioned or all, not &apos;%1&apos;</source>
        <translation>--symbols 必须是 shadowed、versioned 或 all，而不是“%1”</translation>
    </message>
</context>
<context>
    <name>DepsText</name>
    <message>
        <source> ✗ not found</source>
        <translation> ✗ 找不到</translation>
    </message>
    <message>
        <source> not found (optional)</source>
        <translation> 找不到（可选）</translation>
    </message>
    <message>
        <source>, delay-load</source>
        <translation>，延迟加载</translation>
    </message>
    <message>
        <source>, weak</source>
        <translation>，弱依赖</translation>
    </message>
    <message>
        <source> (see above)</source>
        <translation>（见上文）</translation>
    </message>
    <message>
        <source>Problems:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>needed by: </source>
        <translation>需要它的文件：</translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 个问题</translation>
    </message>
    <message>
        <source>%1 problems</source>
        <translation>%1 个问题</translation>
    </message>
    <message>
        <source>1 root</source>
        <translation>1 个根</translation>
    </message>
    <message>
        <source>%1 roots</source>
        <translation>%1 个根</translation>
    </message>
    <message>
        <source>1 library</source>
        <translation>1 个库</translation>
    </message>
    <message>
        <source>%1 libraries</source>
        <translation>%1 个库</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <source>%1 errors</source>
        <translation>%1 个错误</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 个警告</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>%1 个警告</translation>
    </message>
    <message>
        <source>, and %1 more</source>
        <translation>，另外还有 %1 个</translation>
    </message>
</context>
<context>
    <name>DockerCheck</name>
    <message>
        <source>Can the project run in Docker?</source>
        <translation>项目能在 Docker 中运行吗？</translation>
    </message>
    <message>
        <source>Docker is not installed</source>
        <translation>未安装 Docker</translation>
    </message>
    <message>
        <source>%1 describes a Docker setup, but there is no docker command. Install Docker Engine (Linux) or Docker Desktop with the WSL2 back end (Windows).</source>
        <translation>%1 描述了 Docker 配置，但找不到 docker 命令。请安装 Docker Engine（Linux）或使用 WSL2 后端的 Docker Desktop（Windows）。</translation>
    </message>
    <message>
        <source>The Docker daemon is not running</source>
        <translation>Docker 守护进程没有运行</translation>
    </message>
    <message>
        <source>docker %1 is installed but its daemon does not answer (%2). Start Docker Desktop, or `sudo systemctl start docker` on Linux.</source>
        <translation>已安装 docker %1，但其守护进程没有响应（“%2”）。请启动 Docker Desktop，Linux 上可运行 `sudo systemctl start docker`。</translation>
    </message>
    <message>
        <source>Docker Compose v2 is missing</source>
        <translation>缺少 Docker Compose v2</translation>
    </message>
    <message>
        <source>`docker compose` is not available. Install the compose plugin (docker-compose-plugin).</source>
        <translation>`docker compose` 不可用。请安装 compose 插件（docker-compose-plugin）。</translation>
    </message>
    <message>
        <source>Containers cannot use the NVIDIA GPU yet</source>
        <translation>容器暂时无法使用 NVIDIA GPU</translation>
    </message>
    <message>
        <source>The daemon has no nvidia runtime. Install the NVIDIA Container Toolkit and run `sudo nvidia-ctk runtime configure --runtime=docker`, then restart Docker.</source>
        <translation>守护进程没有 nvidia 运行时。请安装 NVIDIA Container Toolkit 并运行 `sudo nvidia-ctk runtime configure --runtime=docker`，然后重启 Docker。</translation>
    </message>
    <message>
        <source>The compose file cannot be read</source>
        <translation>无法读取 compose 文件</translation>
    </message>
    <message>
        <source>the default in %1 line %2</source>
        <translation>%1 第 %2 行中的默认值</translation>
    </message>
    <message>
        <source>%1 line %2</source>
        <translation>%1 第 %2 行</translation>
    </message>
    <message>
        <source>%1 of service %2 is a value anyone can guess</source>
        <translation>服务 %2 的 %1 是任何人都能猜到的值</translation>
    </message>
    <message>
        <source>%1 guards access to the service, and its value comes from %2. Anyone who can reach the port can log in. Set a long random value (in the project&apos;s .env file) before starting it.</source>
        <translation>%1 控制着对该服务的访问，而它的值来自 %2。任何能访问该端口的人都能登录。请在启动前（在项目的 .env 文件中）设置一个足够长的随机值。</translation>
    </message>
    <message>
        <source>DataLoader&apos;s workers hand each batch to the main process through files in /dev/shm, which holds %1 here. A batch that does not fit fails with &quot;No space left on device&quot; or stops a worker with SIGBUS (&quot;Bus error&quot;).</source>
        <translation>DataLoader 的工作进程通过 /dev/shm 中的文件把每个批次交给主进程，而这里的 /dev/shm 只有 %1。放不下的批次会报 “No space left on device”，或者工作进程被 SIGBUS（“Bus error”）终止。</translation>
    </message>
    <message>
        <source>This is a container: start it with --shm-size=8g or --ipc=host (docker compose: shm_size: &quot;8gb&quot;; Kubernetes: an emptyDir with medium: Memory at /dev/shm), or use fewer DataLoader workers.</source>
        <translation>这是一个容器：请用 --shm-size=8g 或 --ipc=host 启动它（docker compose：shm_size: &quot;8gb&quot;；Kubernetes：在 /dev/shm 挂载 medium: Memory 的 emptyDir），或者减少 DataLoader 工作进程的数量。</translation>
    </message>
    <message>
        <source>Make /dev/shm larger (its tmpfs mount&apos;s size=), or use fewer DataLoader workers.</source>
        <translation>请调大 /dev/shm（其 tmpfs 挂载的 size=），或者减少 DataLoader 工作进程的数量。</translation>
    </message>
    <message>
        <source>/dev/shm holds only %1: DataLoader&apos;s workers can run out of shared memory</source>
        <translation>/dev/shm 只有 %1：DataLoader 的工作进程可能用尽共享内存</translation>
    </message>
</context>
<context>
    <name>DockerPlanner</name>
    <message>
        <source>Run the project in Docker</source>
        <translation>用 Docker 运行项目</translation>
    </message>
    <message>
        <source>Name the project folder (--project DIR): the Docker repair runs the project&apos;s docker-compose.yml.</source>
        <translation>请指定项目文件夹（--project DIR）：Docker 修复会运行项目的 docker-compose.yml。</translation>
    </message>
    <message>
        <source>%1 has no docker-compose.yml. Name the repository to clone first (--clone URL), for example https://github.com/ostris/ai-toolkit.</source>
        <translation>%1 中没有 docker-compose.yml。请先指定要克隆的仓库（--clone URL），例如 https://github.com/ostris/ai-toolkit。</translation>
    </message>
    <message>
        <source>git is not installed: install it (Debian: apt install git; Windows: winget install --id Git.Git -e) to clone %1.</source>
        <translation>未安装 git：请先安装（Debian：apt install git；Windows：winget install --id Git.Git -e），才能克隆 %1。</translation>
    </message>
    <message>
        <source>%1 already exists: choose it as the project folder, or another folder to clone into.</source>
        <translation>%1 已存在：请把它选为项目文件夹，或选择另一个文件夹来克隆。</translation>
    </message>
    <message>
        <source>Undo does not delete the clone: remove %1 yourself if you no longer want it.</source>
        <translation>撤销不会删除克隆的仓库：如果不再需要，请自行删除 %1。</translation>
    </message>
    <message>
        <source>The Docker repair continues in %1 once it is cloned.</source>
        <translation>克隆完成后，Docker 修复将在 %1 中继续。</translation>
    </message>
    <message>
        <source>Docker is not installed. Install Docker Desktop with the WSL2 back end (https://docs.docker.com/desktop/setup/install/windows-install/), start it once, then run this repair again.</source>
        <translation>未安装 Docker。请安装使用 WSL2 后端的 Docker Desktop（https://docs.docker.com/desktop/setup/install/windows-install/），启动一次，然后再次运行此修复。</translation>
    </message>
    <message>
        <source>Docker is not installed. Install Docker Engine and its compose plugin (https://docs.docker.com/engine/install/), then run this repair again.</source>
        <translation>未安装 Docker。请安装 Docker Engine 及其 compose 插件（https://docs.docker.com/engine/install/），然后再次运行此修复。</translation>
    </message>
    <message>
        <source>The Docker daemon does not answer (%1). Start Docker Desktop and wait until it says it is running, then run this repair again.</source>
        <translation>Docker 守护进程没有响应（%1）。请启动 Docker Desktop，等它显示正在运行后再次运行此修复。</translation>
    </message>
    <message>
        <source>`docker compose` (Compose v2) is missing. Install the docker-compose-plugin package from Docker&apos;s repository (the old docker-compose 1.x cannot read current compose files), then run this repair again.</source>
        <translation>缺少 `docker compose`（Compose v2）。请从 Docker 的软件源安装 docker-compose-plugin 软件包（旧的 docker-compose 1.x 无法读取现在的 compose 文件），然后再次运行此修复。</translation>
    </message>
    <message>
        <source>The project asks for the GPU, but Docker has no NVIDIA runtime. Install the NVIDIA Container Toolkit (https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html), then run this repair again.</source>
        <translation>项目需要 GPU，但 Docker 没有 NVIDIA 运行时。请安装 NVIDIA Container Toolkit（https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html），然后再次运行此修复。</translation>
    </message>
    <message>
        <source>nvidia-ctk registers the NVIDIA runtime in /etc/docker/daemon.json; undo leaves that in place (it changes nothing for containers that do not ask for a GPU).</source>
        <translation>nvidia-ctk 会在 /etc/docker/daemon.json 中注册 NVIDIA 运行时；撤销不会移除它（对不使用 GPU 的容器没有影响）。</translation>
    </message>
    <message>
        <source>%1 is set to a guessable value in your shell&apos;s environment, which compose prefers to .env: change it where you set it.</source>
        <translation>%1 在你的 shell 环境中被设为一个容易猜到的值，而 compose 会优先使用它而不是 .env：请在设置它的地方修改。</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 中的 %1</translation>
    </message>
    <message>
        <source>%1 in %2 line %3</source>
        <translation>%2 第 %3 行中的 %1</translation>
    </message>
    <message>
        <source>Open %1.</source>
        <translation>打开 %1。</translation>
    </message>
    <message>
        <source>The new passwords: %1.</source>
        <translation>新密码：%1。</translation>
    </message>
    <message>
        <source>Choose the project folder on the first page: the Docker repair runs the project&apos;s docker-compose.yml.</source>
        <translation>请在第一页选择项目文件夹：Docker 修复会运行项目的 docker-compose.yml。</translation>
    </message>
    <message>
        <source>%1 has no docker-compose.yml. Name the repository to clone first, below, for example https://github.com/ostris/ai-toolkit.</source>
        <translation>%1 中没有 docker-compose.yml。请先在下方填写要克隆的仓库，例如 https://github.com/ostris/ai-toolkit。</translation>
    </message>
</context>
<context>
    <name>EnvPlanner</name>
    <message>
        <source>Remove the environment settings that get in PyTorch&apos;s way</source>
        <translation>删除妨碍 PyTorch 的环境设置</translation>
    </message>
    <message>
        <source>%1: not something this repair changes on this system (%2).</source>
        <translation>%1：此修复不会在本系统上更改它（%2）。</translation>
    </message>
    <message>
        <source>stale %1 entry %2 shadows torch&apos;s %3</source>
        <translation>过时的 %1 条目 %2 挡住了 torch 自带的 %3</translation>
    </message>
    <message>
        <source>%1 means nothing outside macOS</source>
        <translation>%1 在 macOS 以外毫无作用</translation>
    </message>
    <message>
        <source>%1 hides a duplicate OpenMP runtime instead of removing it</source>
        <translation>%1 掩盖了重复的 OpenMP 运行库，而不是去掉它</translation>
    </message>
    <message>
        <source>%1 line %2 sets %3 in a way this repair does not edit: look at it yourself.</source>
        <translation>%1 第 %2 行以此修复不会编辑的方式设置了 %3：请自行查看。</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 中的 %1</translation>
    </message>
    <message>
        <source>%1 is set in this terminal only (no startup file sets it): open a new one or `unset %2`.</source>
        <translation>%1 只在当前终端中设置（没有启动文件设置它）：请打开一个新终端，或运行 `unset %2`。</translation>
    </message>
    <message>
        <source>KMP_DUPLICATE_LIB_OK only silences &quot;OMP: Error #15&quot;: without it the error comes back until the second OpenMP runtime is removed. Intel calls the variable unsafe.</source>
        <translation>KMP_DUPLICATE_LIB_OK 只是让“OMP: Error #15”不再出现：去掉它后，在删除第二个 OpenMP 运行库之前该错误会再次出现。Intel 称这个变量不安全。</translation>
    </message>
    <message>
        <source>Terminals already open keep the old %1: open a new one after the fix.</source>
        <translation>已打开的终端仍保留旧的 %1：修复后请打开一个新终端。</translation>
    </message>
    <message>
        <source>%1 entry %2 puts another %3 first</source>
        <translation>%1 中的条目 %2 把另一个 %3 排在了前面</translation>
    </message>
    <message>
        <source>%1 keeps %2 from starting</source>
        <translation>%1 使 %2 无法启动</translation>
    </message>
    <message>
        <source>%1 entry %2 keeps %3 from starting</source>
        <translation>%1 中的条目 %2 使 %3 无法启动</translation>
    </message>
    <message>
        <source>%1 entry %2 cannot be loaded</source>
        <translation>%1 中的条目 %2 无法加载</translation>
    </message>
    <message>
        <source>Rename or move %1 yourself: no Python is known to do it.</source>
        <translation>请自行重命名或移走 %1：没有已知的 Python 可以来做这件事。</translation>
    </message>
    <message>
        <source>%1 is renamed to %2, so that `import %3` finds the installed one; undoing the repair gives it its name back.</source>
        <translation>%1 会被重命名为 %2，这样 `import %3` 就会找到已安装的那个；撤销此修复会恢复它原来的名字。</translation>
    </message>
    <message>
        <source>Take out what Python imports instead of the installed copy</source>
        <translation>移走 Python 代替已安装副本而导入的内容</translation>
    </message>
</context>
<context>
    <name>EnvironmentCheck</name>
    <message>
        <source>set but empty</source>
        <translation>已设置但为空</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>%1: here %2; in a new terminal %3</source>
        <translation>%1：这里为 %2；在新终端中为 %3</translation>
    </message>
    <message>
        <source>In a new terminal, `import torch` works with %1 (torch %2).</source>
        <translation>在新终端中，`import torch` 在 %1 下可以正常运行（torch %2）。</translation>
    </message>
    <message>
        <source>In a new terminal, `import torch` fails with %1: %2</source>
        <translation>在新终端中，`import torch` 在 %1 下失败：“%2”</translation>
    </message>
    <message>
        <source>A new terminal (%1 with its startup files) starts programs with another environment than TorchDoctor&apos;s own, in what decides which Python runs and what it loads. A program started from the desktop does not get what ~/.bashrc or conda&apos;s activation set; the diagnosis above is of TorchDoctor&apos;s own environment.</source>
        <translation>新终端（%1 及其启动文件）启动程序时的环境与 TorchDoctor 自身的环境不同，区别在于决定运行哪个 Python 以及加载哪些库的变量。从桌面启动的程序得不到 ~/.bashrc 或 conda 激活所设置的内容；上面的诊断针对的是 TorchDoctor 自身的环境。</translation>
    </message>
    <message>
        <source>A new terminal (%1) gets the environment of the registry (%2), and it differs from TorchDoctor&apos;s own in what decides which Python runs and what it loads: TorchDoctor was started from a terminal with variables of its own, or before the user or system environment was changed. The diagnosis above is of TorchDoctor&apos;s own environment.</source>
        <translation>新终端（%1）得到的是注册表中的环境（%2），它与 TorchDoctor 自身的环境不同，区别在于决定运行哪个 Python 以及加载哪些库的变量：TorchDoctor 是从一个自行设置了变量的终端启动的，或者是在用户或系统环境被修改之前启动的。上面的诊断针对的是 TorchDoctor 自身的环境。</translation>
    </message>
    <message>
        <source>A new terminal gets a different environment</source>
        <translation>新终端得到的环境不同</translation>
    </message>
    <message>
        <source>Do environment variables or paths get in the way?</source>
        <translation>环境变量或路径是否造成干扰？</translation>
    </message>
    <message>
        <source>%1 is set</source>
        <translation>设置了 %1</translation>
    </message>
    <message>
        <source>%1=%2. %3</source>
        <translation>%1=%2。%3</translation>
    </message>
    <message>
        <source>It silences &quot;OMP: Error #15&quot; instead of removing the second OpenMP runtime. Intel calls it unsafe, unsupported and undocumented: it may crash or give wrong results. Remove it once the duplicate runtime is gone.</source>
        <translation>它只是让“OMP: Error #15”不再出现，而没有去掉第二个 OpenMP 运行库。Intel 称其不安全、不受支持且没有文档：可能导致崩溃或错误结果。去掉重复的运行库后请删除它。</translation>
    </message>
    <message>
        <source>MPS is Apple&apos;s GPU API: this variable means nothing on this system.</source>
        <translation>MPS 是苹果的 GPU 接口：这个变量在本系统上毫无作用。</translation>
    </message>
    <message>
        <source>It points to a folder that does not exist: a leftover of an uninstalled CUDA toolkit.</source>
        <translation>它指向一个不存在的文件夹：这是已卸载的 CUDA 工具包留下的残余。</translation>
    </message>
    <message>
        <source>%1 puts another %2 in front of torch&apos;s</source>
        <translation>%1 让另一个 %2 排在了 torch 自带的前面</translation>
    </message>
    <message>
        <source>%1 contains %2, so %3 loads instead of %4. A stale entry like this is the classic cause of &quot;undefined symbol&quot; and &quot;version not found&quot; errors (for example an old libnvJitLink from a system CUDA). Remove the entry where it is set.</source>
        <translation>%1 中含有 %2，因此加载的是 %3 而不是 %4。这种过时的条目是“undefined symbol”和“version not found”错误的典型原因（例如系统 CUDA 中旧的 libnvJitLink）。请在设置它的地方删除这一条目。</translation>
    </message>
    <message>
        <source>A path has non-ASCII characters</source>
        <translation>路径中含有非 ASCII 字符</translation>
    </message>
    <message>
        <source>%1. PyTorch mostly copes, but torch.jit.load/save fail on such paths, and some DLLs fail to initialise from them on Windows. If something fails only here, move the environment to a plain ASCII path.</source>
        <translation>%1。PyTorch 大多能应付，但 torch.jit.load/save 在这类路径上会失败，Windows 上有些 DLL 也无法从这类路径初始化。如果只在这里出问题，请把环境移到纯 ASCII 的路径下。</translation>
    </message>
    <message>
        <source>A path is close to 260 characters</source>
        <translation>路径长度接近 260 个字符</translation>
    </message>
    <message>
        <source>%1 is %2 characters long; files inside torch push it past Windows&apos; 260-character limit unless long paths are enabled, and pip then fails half-way.</source>
        <translation>%1 长 %2 个字符；torch 内部的文件会使路径超过 Windows 的 260 字符限制（除非启用了长路径），pip 会因此安装到一半失败。</translation>
    </message>
    <message>
        <source>%1 leads the loader to a broken %2</source>
        <translation>%1 把加载器引向了损坏的 %2</translation>
    </message>
    <message>
        <source>%1 contains %2, where the loader finds %3 and stops: it cannot be loaded. The environment is at fault, not the package: remove the entry where it is set (or the broken file).</source>
        <translation>%1 中含有 %2，加载器在那里找到 %3 后就停止了：它无法被加载。问题出在环境，而不在软件包：请在设置它的地方删除这一项（或删除损坏的文件）。</translation>
    </message>
    <message>
        <source>In a new terminal: %1</source>
        <translation>在新终端中：%1</translation>
    </message>
    <message>
        <source>The loader cannot find or load %1, so before every program it prints &quot;ERROR: ld.so: object &apos;%1&apos; from LD_PRELOAD cannot be preloaded ...: ignored.&quot; and goes on without it. Remove the entry where it is set.</source>
        <translation>加载器找不到或无法加载 %1，因此在每个程序启动前都会打印“ERROR: ld.so: object &apos;%1&apos; from LD_PRELOAD cannot be preloaded ...: ignored.”，然后在没有它的情况下继续运行。请在设置它的地方删除这个条目。</translation>
    </message>
    <message>
        <source>LD_PRELOAD names %1, which cannot be preloaded</source>
        <translation>LD_PRELOAD 指定了无法预加载的 %1</translation>
    </message>
</context>
<context>
    <name>Executor</name>
    <message>
        <source>the snapshot before the step (%1) failed: %2</source>
        <translation>该步骤之前的快照（%1）失败：%2</translation>
    </message>
    <message>
        <source>could not record what undoes this step: %1</source>
        <translation>无法记录撤销此步骤所需的信息：%1</translation>
    </message>
    <message>
        <source>this build cannot set user variables</source>
        <translation>此版本无法设置用户变量</translation>
    </message>
    <message>
        <source>Undo %1: %2</source>
        <translation>撤销 %1：%2</translation>
    </message>
    <message>
        <source>%1 was already undone by %2.</source>
        <translation>%1 已被 %2 撤销。</translation>
    </message>
    <message>
        <source>%1 changed again after step %2: undo puts back the version from before the step, and later edits to it are lost.</source>
        <translation>%1 在第 %2 步之后又被修改过：撤销会恢复该步骤之前的版本，之后的修改将丢失。</translation>
    </message>
    <message>
        <source>Step %1 (%2) cannot be undone automatically.</source>
        <translation>第 %1 步（%2）无法自动撤销。</translation>
    </message>
    <message>
        <source>%1 changed since the plan was made</source>
        <translation>%1 在制定计划后已被修改</translation>
    </message>
    <message>
        <source>not enough space on %1: %2 KiB needed, %3 KiB free. Free some space, then try again; nothing was changed.</source>
        <translation>%1 上空间不足：需要 %2 KiB，可用 %3 KiB。请腾出一些空间后重试；没有做任何更改。</translation>
    </message>
</context>
<context>
    <name>ExplainCommand</name>
    <message>
        <source>`torchdoctor deps &quot;%1&quot;` names the dependency that does not load, and why.</source>
        <translation>`torchdoctor deps &quot;%1&quot;` 会指出无法加载的依赖及其原因。</translation>
    </message>
    <message>
        <source>`torchdoctor check --python PYTHON` diagnoses the interpreter that printed this.</source>
        <translation>`torchdoctor check --python PYTHON` 会诊断打印出这条信息的解释器。</translation>
    </message>
    <message>
        <source>Explains an error message copied from another program&apos;s console (in any language): the cause, the file to look at and the repairs that apply. TEXT, or &apos;-&apos; (or nothing) to read standard input.</source>
        <translation>解释从其他程序的控制台复制来的错误信息（任何语言）：原因、需要查看的文件以及适用的修复方法。给出 TEXT，或用 &apos;-&apos;（或什么都不给）从标准输入读取。</translation>
    </message>
    <message>
        <source>The error message, or &apos;-&apos;.</source>
        <translation>错误信息，或 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>输出 JSON。</translation>
    </message>
    <message>
        <source>paste the error message as an argument, or pipe it in</source>
        <translation>请把错误信息作为参数粘贴，或通过管道传入</translation>
    </message>
    <message>
        <source>cannot read standard input</source>
        <translation>无法读取标准输入</translation>
    </message>
    <message>
        <source>more than 1 MiB of input: paste the error message, not the whole log</source>
        <translation>输入超过 1 MiB：请粘贴错误信息，而不是整个日志</translation>
    </message>
    <message>
        <source>no error message given</source>
        <translation>没有给出错误信息</translation>
    </message>
    <message>
        <source>TorchDoctor does not recognise this message as a PyTorch loading error.</source>
        <translation>TorchDoctor 无法把这条信息识别为 PyTorch 加载错误。</translation>
    </message>
    <message>
        <source>Paste the last lines of the traceback (from &quot;Traceback&quot; to the error line), or run `torchdoctor check`.</source>
        <translation>请粘贴回溯信息的最后几行（从“Traceback”到出错的那一行），或运行 `torchdoctor check`。</translation>
    </message>
    <message>
        <source>A loading error of kind %1, not in the knowledge base yet.</source>
        <translation>一个 %1 类型的加载错误，知识库中还没有收录。</translation>
    </message>
    <message>
        <source>Windows error: %1</source>
        <translation>Windows 错误：%1</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>Library: %1</source>
        <translation>库：%1</translation>
    </message>
    <message>
        <source>Missing version: %1</source>
        <translation>缺少的版本：%1</translation>
    </message>
    <message>
        <source>Undefined symbol: %1</source>
        <translation>未定义的符号：%1</translation>
    </message>
    <message>
        <source>Required by: %1</source>
        <translation>需要它的是：%1</translation>
    </message>
    <message>
        <source>What fixes it:</source>
        <translation>修复方法：</translation>
    </message>
    <message>
        <source>Look at:</source>
        <translation>请查看：</translation>
    </message>
    <message>
        <source>Advice to skip:</source>
        <translation>不要采纳的建议：</translation>
    </message>
    <message>
        <source>On this machine: %1</source>
        <translation>在本机上：%1</translation>
    </message>
    <message>
        <source>First repair: %1</source>
        <translation>首选修复：%1</translation>
    </message>
    <message>
        <source>Take the entries that get in PyTorch&apos;s way out of the environment variables, where they are set.</source>
        <translation>在设置环境变量的地方，删除其中妨碍 PyTorch 的条目。</translation>
    </message>
    <message>
        <source>Reinstall exactly the packages at fault.</source>
        <translation>只重新安装出问题的那些包。</translation>
    </message>
    <message>
        <source>Install or repair the system&apos;s libraries it needs.</source>
        <translation>安装或修复它所需的系统库。</translation>
    </message>
    <message>
        <source>Run PyTorch in the official container instead.</source>
        <translation>改为在官方容器中运行 PyTorch。</translation>
    </message>
</context>
<context>
    <name>Finding</name>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>Native libraries</source>
        <translation>本机库</translation>
    </message>
    <message>
        <source>GPU and CUDA</source>
        <translation>GPU 与 CUDA</translation>
    </message>
    <message>
        <source>Packages</source>
        <translation>软件包</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>Docker</source>
        <translation>Docker</translation>
    </message>
    <message>
        <source>TorchDoctor itself</source>
        <translation>TorchDoctor 自身</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>The error you pasted</source>
        <translation>您粘贴的错误</translation>
    </message>
</context>
<context>
    <name>FixCommand</name>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>[y/N]</source>
        <translation>[y/N]</translation>
    </message>
    <message>
        <source>Step %1 failed: %2</source>
        <translation>第 %1 步失败：%2</translation>
    </message>
    <message>
        <source>Stopped: the journal could not be written (%1).</source>
        <translation>已停止：无法写入日志（%1）。</translation>
    </message>
    <message>
        <source>gone: %1</source>
        <translation>已消除：%1</translation>
    </message>
    <message>
        <source>still there: %1</source>
        <translation>仍然存在：%1</translation>
    </message>
    <message>
        <source>Nothing for `fix %1` to do: %2</source>
        <translation>`fix %1` 无事可做：%2</translation>
    </message>
    <message>
        <source>Found: %1</source>
        <translation>发现：%1</translation>
    </message>
    <message>
        <source>Plan:</source>
        <translation>计划：</translation>
    </message>
    <message>
        <source>Nothing to apply: see the notes above.</source>
        <translation>没有可执行的内容：请看上面的说明。</translation>
    </message>
    <message>
        <source>Dry run: nothing was changed.</source>
        <translation>演练模式：没有做任何更改。</translation>
    </message>
    <message>
        <source>nothing was changed: there is no terminal to ask on; pass --yes to apply</source>
        <translation>没有做任何更改：没有可以提问的终端；请加上 --yes 来执行</translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation>没有做任何更改。</translation>
    </message>
    <message>
        <source>Journal: %1 (undo with: torchdoctor undo %2)</source>
        <translation>日志：%1（撤销方法：torchdoctor undo %2）</translation>
    </message>
    <message>
        <source>Diagnosing %1...</source>
        <translation>正在诊断 %1……</translation>
    </message>
    <message>
        <source>Checking again, as a new terminal would run it...</source>
        <translation>正在按新终端的环境重新检查……</translation>
    </message>
    <message>
        <source>Checking again...</source>
        <translation>正在重新检查……</translation>
    </message>
    <message>
        <source>Fixed.</source>
        <translation>已修复。</translation>
    </message>
    <message>
        <source>Not fixed yet: the findings above are still there.</source>
        <translation>尚未修复：上面的发现仍然存在。</translation>
    </message>
    <message>
        <source>Docker runs the project in a container now: it needs Docker and disk space, and leaves this Python as it is. Otherwise each repair of this Python is tried in turn, and checked after.</source>
        <translation>Docker 会立即在容器中运行项目：需要 Docker 和磁盘空间，并且不改动这个 Python。否则会依次尝试对这个 Python 的每种修复，每次修复后都会检查。</translation>
    </message>
    <message>
        <source>Is it urgent (use Docker)?</source>
        <translation>是否紧急（使用 Docker）？</translation>
    </message>
    <message>
        <source>there is no terminal to ask on; pass --urgent or --not-urgent</source>
        <translation>没有可以提问的终端；请加上 --urgent 或 --not-urgent</translation>
    </message>
    <message>
        <source>Plans a repair from the diagnosis, shows every step, applies it after you confirm (each step journalled first, so that `torchdoctor undo` can put everything back), then checks again. Families: %1.</source>
        <translation>根据诊断制定修复计划，展示每一步，经你确认后执行（每一步都先记入日志，以便 `torchdoctor undo` 能全部还原），然后重新检查。修复类别：%1。</translation>
    </message>
    <message>
        <source>The repair: %1. Without one, the whole flowchart is walked: &quot;Is it urgent?&quot;, then each repair in turn, each checked before the next.</source>
        <translation>修复类别：%1。不指定时走完整个流程图：先问“是否紧急？”，然后依次执行各项修复，每项都检查后再进行下一项。</translation>
    </message>
    <message>
        <source>The interpreter to repair.</source>
        <translation>要修复的解释器。</translation>
    </message>
    <message>
        <source>A project folder (its venv is used).</source>
        <translation>项目文件夹（会使用其中的 venv）。</translation>
    </message>
    <message>
        <source>Show the plan; change nothing.</source>
        <translation>只显示计划，不做任何更改。</translation>
    </message>
    <message>
        <source>Apply without asking.</source>
        <translation>不询问，直接执行。</translation>
    </message>
    <message>
        <source>reinstall: take wheels from this folder (a wheelhouse) instead of the PyTorch index.</source>
        <translation>reinstall：从这个文件夹（wheelhouse）取 wheel，而不是从 PyTorch 索引。</translation>
    </message>
    <message>
        <source>reinstall: use no package index at all (with --find-links).</source>
        <translation>reinstall：完全不使用包索引（配合 --find-links）。</translation>
    </message>
    <message>
        <source>reinstall: install from this index instead of the chosen one.</source>
        <translation>reinstall：从这个索引安装，而不是自动选择的索引。</translation>
    </message>
    <message>
        <source>docker: clone this repository into the project folder first, when it has no docker-compose.yml.</source>
        <translation>docker：项目文件夹中没有 docker-compose.yml 时，先把这个仓库克隆到其中。</translation>
    </message>
    <message>
        <source>Without a repair named: answer &quot;Is it urgent?&quot; with yes (Docker).</source>
        <translation>不指定修复时：对“是否紧急？”回答“是”（Docker）。</translation>
    </message>
    <message>
        <source>Without a repair named: answer &quot;Is it urgent?&quot; with no (repair this Python).</source>
        <translation>不指定修复时：对“是否紧急？”回答“否”（修复这个 Python）。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a repair this build can make</source>
        <translation>&apos;%1&apos; 不是本版本能做的修复</translation>
    </message>
    <message>
        <source>Repairs this build supports: %1</source>
        <translation>本版本支持的修复：%1</translation>
    </message>
    <message>
        <source>--find-links, --no-index and --index-url are options of `fix reinstall`</source>
        <translation>--find-links、--no-index 和 --index-url 是 `fix reinstall` 的选项</translation>
    </message>
    <message>
        <source>--clone is an option of `fix docker`</source>
        <translation>--clone 是 `fix docker` 的选项</translation>
    </message>
    <message>
        <source>--urgent or --not-urgent answers the flowchart&apos;s question: use one, without a repair named</source>
        <translation>--urgent 或 --not-urgent 用于回答流程图的问题：只能用其中一个，并且不要指定修复</translation>
    </message>
    <message>
        <source>Diagnosing...</source>
        <translation>正在诊断……</translation>
    </message>
    <message>
        <source>Puts back what a fix changed, from its journal entry: files byte for byte, variables, packages from their snapshot. Without ENTRY: lists the journal and undoes the most recent fix not undone yet.</source>
        <translation>根据日志条目还原某次修复所做的更改：文件逐字节还原，变量还原，包按快照还原。不指定 ENTRY 时：列出日志，并撤销最近一次尚未撤销的修复。</translation>
    </message>
    <message>
        <source>A journal entry id, or its file.</source>
        <translation>日志条目的 id，或它的文件。</translation>
    </message>
    <message>
        <source>Undo without asking.</source>
        <translation>不询问，直接撤销。</translation>
    </message>
    <message>
        <source>one journal entry at a time</source>
        <translation>一次只能指定一个日志条目</translation>
    </message>
    <message>
        <source>Journal (%1):</source>
        <translation>日志（%1）：</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>undone by %1</source>
        <translation>已被 %1 撤销</translation>
    </message>
    <message>
        <source>undid %1</source>
        <translation>撤销了 %1</translation>
    </message>
    <message>
        <source>%1 of %2 steps started</source>
        <translation>%2 个步骤中已开始 %1 个</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>没有可撤销的内容。</translation>
    </message>
    <message numerus="yes">
        <source>Undo these %n steps?</source>
        <translation>
            <numerusform>撤销这 %n 个步骤吗？</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing was changed: there is no terminal to ask on; pass --yes to undo</source>
        <translation>没有做任何更改：没有可以提问的终端；请加上 --yes 来撤销</translation>
    </message>
    <message>
        <source>Restored: %1</source>
        <translation>已还原：%1</translation>
    </message>
    <message>
        <source>Undone (recorded as %1).</source>
        <translation>已撤销（记录为 %1）。</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>--find-links: no such folder: %1</source>
        <translation>--find-links：没有这个文件夹：%1</translation>
    </message>
    <message>
        <source>--project: no such folder: %1</source>
        <translation>--project：没有这个文件夹：%1</translation>
    </message>
    <message>
        <source>Not started: %1</source>
        <translation>未开始：%1</translation>
    </message>
    <message>
        <source>Passed over %1: nothing it did can be undone here.</source>
        <translation>已跳过 %1：它所做的更改在这里都无法撤销。</translation>
    </message>
</context>
<context>
    <name>FixPlan</name>
    <message>
        <source>Addresses: %1</source>
        <translation>针对：%1</translation>
    </message>
    <message>
        <source>No steps: nothing would be changed.</source>
        <translation>没有步骤：不会更改任何内容。</translation>
    </message>
    <message>
        <source>[administrator] </source>
        <translation>[管理员] </translation>
    </message>
    <message>
        <source>  Note: %1</source>
        <translation>  注意：%1</translation>
    </message>
</context>
<context>
    <name>FixStep</name>
    <message>
        <source>Run: %1</source>
        <translation>运行：%1</translation>
    </message>
    <message>
        <source>Edit %1 line %2: remove `%3`</source>
        <translation>编辑 %1 第 %2 行：删除 `%3`</translation>
    </message>
    <message>
        <source>Edit %1 line %2: `%3` -&gt; `%4`</source>
        <translation>编辑 %1 第 %2 行：`%3` -&gt; `%4`</translation>
    </message>
    <message>
        <source>Remove the file %1</source>
        <translation>删除文件 %1</translation>
    </message>
    <message numerus="yes">
        <source>Write %1 (%n bytes)</source>
        <translation>
            <numerusform>写入 %1（%n 字节）</numerusform>
        </translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>(deleted)</source>
        <translation>（已删除）</translation>
    </message>
    <message>
        <source>Set user variable %1 from %2 to %3</source>
        <translation>将用户变量 %1 从 %2 改为 %3</translation>
    </message>
    <message>
        <source>Set user variable %1 back to &quot;%2&quot; (%3, byte for byte)</source>
        <translation>将用户变量 %1 恢复为“%2”（%3，逐字节还原）</translation>
    </message>
</context>
<context>
    <name>FixText</name>
    <message numerus="yes">
        <source>Apply these %n steps?</source>
        <translation>
            <numerusform>执行这 %n 个步骤吗？</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Flow</name>
    <message>
        <source>nothing for the Docker step to repair</source>
        <translation>Docker 步骤没有需要修复的内容</translation>
    </message>
    <message>
        <source>nothing for the environment step to repair</source>
        <translation>环境变量步骤没有需要修复的内容</translation>
    </message>
    <message>
        <source>nothing for the reinstall step to repair</source>
        <translation>重新安装步骤没有需要修复的内容</translation>
    </message>
    <message>
        <source>nothing for the system step to repair</source>
        <translation>系统级步骤没有需要修复的内容</translation>
    </message>
    <message>
        <source>skipped by the user</source>
        <translation>用户跳过</translation>
    </message>
    <message>
        <source>declined by the user</source>
        <translation>用户拒绝</translation>
    </message>
</context>
<context>
    <name>FlowChart</name>
    <message>
        <source>Start: PyTorch does not work</source>
        <translation>开始：PyTorch 无法使用</translation>
    </message>
    <message>
        <source>Is it urgent?</source>
        <translation>是否紧急？</translation>
    </message>
    <message>
        <source>Run the project in Docker</source>
        <translation>用 Docker 运行项目</translation>
    </message>
    <message>
        <source>Repair the environment variables</source>
        <translation>修复环境变量</translation>
    </message>
    <message>
        <source>Solved?</source>
        <translation>问题解决？</translation>
    </message>
    <message>
        <source>Reinstall PyTorch</source>
        <translation>重新安装 PyTorch</translation>
    </message>
    <message>
        <source>System-level repair</source>
        <translation>系统级修复</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>it works</source>
        <translation>可以运行</translation>
    </message>
    <message>
        <source>it did not work</source>
        <translation>没有成功</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>%1 (`%2`)</source>
        <comment>a repair&apos;s title, then its name</comment>
        <translation>%1（`%2`）</translation>
    </message>
</context>
<context>
    <name>FlowText</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>answered: %1</source>
        <translation>回答：%1</translation>
    </message>
    <message>
        <source>run at the user&apos;s request</source>
        <translation>应用户要求运行</translation>
    </message>
    <message>
        <source>the user says it is solved</source>
        <translation>用户确认问题已解决</translation>
    </message>
    <message>
        <source>the user says it is not solved</source>
        <translation>用户确认问题未解决</translation>
    </message>
    <message>
        <source>checked again: no errors left</source>
        <translation>已重新检查：没有剩余错误</translation>
    </message>
    <message numerus="yes">
        <source>checked again: %n error(s) left (%1)</source>
        <translation>
            <numerusform>已重新检查：还剩 %n 个错误（%1）</numerusform>
        </translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
    <message>
        <source>declined: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Repair flowchart (&gt; where you are, * passed)</source>
        <translation>修复流程图（&gt; 当前位置，* 已经过）</translation>
    </message>
    <message>
        <source>Now: %1</source>
        <translation>当前：%1</translation>
    </message>
    <message>
        <source>Result: solved</source>
        <translation>结果：已解决</translation>
    </message>
    <message>
        <source>Result: not solved</source>
        <translation>结果：未解决</translation>
    </message>
    <message>
        <source>Result: not solved; still failing: %1</source>
        <translation>结果：未解决；仍然失败：%1</translation>
    </message>
</context>
<context>
    <name>GpuCheck</name>
    <message>
        <source>Can PyTorch use the GPU?</source>
        <translation>PyTorch 能使用 GPU 吗？</translation>
    </message>
    <message>
        <source>torch is a CUDA %1 build, but no NVIDIA driver was found</source>
        <translation>torch 是 CUDA %1 版本，但没有找到 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>Without an NVIDIA driver torch runs on the CPU. If this machine has an NVIDIA GPU, install its driver (%1). If it has none, the CPU build of torch is smaller. Looked for: %2.</source>
        <translation>没有 NVIDIA 驱动时 torch 只能在 CPU 上运行。如果本机有 NVIDIA GPU，请安装其驱动（%1）。如果没有，CPU 版的 torch 体积更小。查找过：%2。</translation>
    </message>
    <message>
        <source>any recent one</source>
        <translation>任意较新版本</translation>
    </message>
    <message>
        <source>%1 or newer</source>
        <translation>%1 或更新版本</translation>
    </message>
    <message>
        <source>An NVIDIA GPU is here, but torch %1 is a CPU-only build</source>
        <translation>本机有 NVIDIA GPU，但 torch %1 是仅支持 CPU 的版本</translation>
    </message>
    <message>
        <source>torch will not use %1. For driver %2 the right build comes from %3 (%4).</source>
        <translation>torch 不会使用 %1。对于驱动 %2，合适的版本来自 %3（%4）。</translation>
    </message>
    <message>
        <source>the GPU</source>
        <translation>该 GPU</translation>
    </message>
    <message>
        <source>The NVIDIA driver %1 is too old for torch&apos;s CUDA %2</source>
        <translation>NVIDIA 驱动 %1 对 torch 的 CUDA %2 来说太旧</translation>
    </message>
    <message>
        <source>torch %1 is built with CUDA %2, which needs driver %3 or newer; driver %4 supports CUDA up to %5. Update the driver, or install a torch built for an older CUDA%6.</source>
        <translation>torch %1 使用 CUDA %2 构建，需要 %3 或更新的驱动；驱动 %4 最高支持 CUDA %5。请更新驱动，或安装为较旧 CUDA 构建的 torch%6。</translation>
    </message>
    <message>
        <source>torch %1 has no code for %2 (compute capability %3.%4)</source>
        <translation>torch %1 没有适用于 %2（计算能力 %3.%4）的代码</translation>
    </message>
    <message>
        <source>This build&apos;s kernels are compiled for other GPU generations (%1), so CUDA calls fail with &quot;no kernel image is available for execution on the device&quot;. Install a build that covers sm_%2%3: %4.</source>
        <translation>此版本的内核是为其他代 GPU（%1）编译的，因此 CUDA 调用会失败并提示“no kernel image is available for execution on the device”。请安装涵盖 sm_%2%3 的版本：%4。</translation>
    </message>
    <message>
        <source>Only PTX for JIT compilation covers this GPU: the first run of each kernel is slow. A build with native code is %1.</source>
        <translation>只有供 JIT 编译的 PTX 覆盖这块 GPU：每个内核第一次运行会很慢。带本机代码的版本是 %1。</translation>
    </message>
    <message>
        <source>Read from the fatbinaries of %1: %2 of its %3 compiled files have machine code for this GPU and %4 more only PTX. Machine code for sm_XY runs on compute capability X.Y and newer X.*; PTX for compute_XY is compiled by the driver for X.Y and every newer GPU; the arch-specific sm_XYa runs on X.Y alone.</source>
        <translation>读取自 %1 的 fatbinary：其 %3 个编译文件中有 %2 个带有适用于这块 GPU 的机器码，另有 %4 个只有 PTX。sm_XY 的机器码可在计算能力 X.Y 及更高的 X.* 上运行；compute_XY 的 PTX 由驱动为 X.Y 及所有更新的 GPU 编译；架构专用的 sm_XYa 只能在 X.Y 上运行。</translation>
    </message>
    <message>
        <source>torch.cuda.is_available() is False</source>
        <translation>torch.cuda.is_available() 为 False</translation>
    </message>
    <message>
        <source>torch %1 (CUDA %2) and driver %3 should work together, yet torch sees no GPU. Check CUDA_VISIBLE_DEVICES, that no other process holds the GPU in exclusive mode, and that the driver&apos;s kernel module is loaded (nvidia-smi works).</source>
        <translation>torch %1（CUDA %2）与驱动 %3 本应可以配合使用，但 torch 看不到 GPU。请检查 CUDA_VISIBLE_DEVICES、是否有其他进程以独占模式占用 GPU，以及驱动的内核模块是否已加载（nvidia-smi 能否运行）。</translation>
    </message>
    <message>
        <source>The architecture list of %1 builds for this platform is not confirmed by a source: likely, not certain.</source>
        <translation>%1 构建在此平台上的架构列表未经来源确认：只是可能，并不确定。</translation>
    </message>
    <message>
        <source>torch %1 likely has no code for %2 (compute capability %3.%4)</source>
        <translation>torch %1 很可能没有适用于 %2（计算能力 %3.%4）的代码</translation>
    </message>
    <message>
        <source>%1 holds AMD GPU code for %2 (%3 offload bundles); this GPU is %4 (the kernel&apos;s KFD topology). Its first kernel fails with &quot;HIP error: invalid device function&quot;. Install a ROCm build of torch whose targets include %4 (a newer ROCm release, or AMD&apos;s wheels for this GPU).</source>
        <translation>%1 带有适用于 %2 的 AMD GPU 代码（%3 个 offload bundle）；这块 GPU 是 %4（内核的 KFD 拓扑）。它的第一个内核会以“HIP error: invalid device function”失败。请安装目标列表包含 %4 的 ROCm 版 torch（更新的 ROCm 版本，或 AMD 为这块 GPU 提供的 wheel）。</translation>
    </message>
    <message>
        <source>HSA_OVERRIDE_GFX_VERSION=%1 is set, so the runtime takes the GPU for %2, which the build has no code for either.</source>
        <translation>已设置 HSA_OVERRIDE_GFX_VERSION=%1，所以运行时把这块 GPU 当作 %2，而该版本同样没有它的代码。</translation>
    </message>
    <message>
        <source>no known target</source>
        <translation>未知目标</translation>
    </message>
    <message>
        <source>%1 is of the same family: HSA_OVERRIDE_GFX_VERSION=%2 makes the runtime load its code on this GPU. AMD does not support that, and it works only between close relatives.</source>
        <translation>%1 属于同一系列：HSA_OVERRIDE_GFX_VERSION=%2 会让运行时在这块 GPU 上加载它的代码。AMD 不支持这种做法，而且只在非常相近的型号之间有效。</translation>
    </message>
    <message>
        <source>torch %1 has no code for this AMD GPU (%2)</source>
        <translation>torch %1 没有适用于这块 AMD GPU（%2）的代码</translation>
    </message>
    <message>
        <source>CUDA builds of torch run only on NVIDIA GPUs; this machine&apos;s GPU is an %1 (%2), so torch runs on the CPU.</source>
        <translation>CUDA 版的 torch 只能在 NVIDIA GPU 上运行；本机的 GPU 是 %1（%2），所以 torch 在 CPU 上运行。</translation>
    </message>
    <message>
        <source>the kernel&apos;s KFD topology</source>
        <translation>内核的 KFD 拓扑</translation>
    </message>
    <message>
        <source>Windows&apos; device setup</source>
        <translation>Windows 的设备安装信息</translation>
    </message>
    <message>
        <source>PyTorch&apos;s ROCm build of torch %1 is the one for AMD GPUs (`pip install torch --index-url https://download.pytorch.org/whl/rocm%2`), if its targets include this GPU.</source>
        <translation>适用于 AMD GPU 的是 PyTorch 的 ROCm 版 torch %1（`pip install torch --index-url https://download.pytorch.org/whl/rocm%2`），前提是它的目标包含这块 GPU。</translation>
    </message>
    <message>
        <source>On Windows, torch reaches an AMD GPU through DirectML (the torch-directml package, which pins the torch it works with), or through AMD&apos;s own ROCm builds for the Radeon cards AMD lists; the CUDA and CPU builds of PyTorch&apos;s index do not use it.</source>
        <translation>在 Windows 上，torch 通过 DirectML（torch-directml 包，它固定了所配合的 torch 版本）使用 AMD GPU，或者通过 AMD 自己为其列出的 Radeon 显卡提供的 ROCm 版本；PyTorch 索引中的 CUDA 版和 CPU 版都不会使用它。</translation>
    </message>
    <message>
        <source>torch is a CUDA %1 build, but this machine&apos;s GPU is an %2</source>
        <translation>torch 是 CUDA %1 版本，但本机的 GPU 是 %2</translation>
    </message>
</context>
<context>
    <name>GpuProbe</name>
    <message>
        <source>nvidia-smi: not run</source>
        <translation>nvidia-smi：未运行</translation>
    </message>
    <message>
        <source>nvidia-smi: not found (looked in %1)</source>
        <translation>nvidia-smi：找不到（查找过 %1）</translation>
    </message>
    <message>
        <source>nvidia-smi: this driver cannot report compute_cap; asked again without it</source>
        <translation>nvidia-smi：此驱动无法报告 compute_cap；已去掉该项重新查询</translation>
    </message>
    <message>
        <source>nvidia-smi: named no driver</source>
        <translation>nvidia-smi：没有给出驱动</translation>
    </message>
    <message>
        <source>%1: no NVRM version line</source>
        <translation>%1：没有 NVRM 版本行</translation>
    </message>
    <message>
        <source>%1 names the driver only: the CUDA version and the GPUs are unknown</source>
        <translation>%1 只给出了驱动：CUDA 版本和 GPU 未知</translation>
    </message>
    <message>
        <source>nvidia-smi: not a GPU line: &quot;%1&quot;</source>
        <translation>nvidia-smi：不是 GPU 信息行：“%1”</translation>
    </message>
    <message>
        <source>nvidia-smi shows &quot;CUDA Version: %1&quot;</source>
        <translation>nvidia-smi 显示“CUDA Version: %1”</translation>
    </message>
    <message>
        <source>nvidia-smi shows no CUDA Version</source>
        <translation>nvidia-smi 没有显示 CUDA 版本</translation>
    </message>
    <message>
        <source>GPU probe cancelled</source>
        <translation>GPU 探测已取消</translation>
    </message>
    <message>
        <source>No NVIDIA driver found: no NVIDIA GPU can be used</source>
        <translation>找不到 NVIDIA 驱动：无法使用任何 NVIDIA GPU</translation>
    </message>
    <message>
        <source>NVML: %1 did not load: &quot;%2&quot;</source>
        <translation>NVML：%1 未能加载：“%2”</translation>
    </message>
    <message>
        <source>NVML: %1 loaded but lacks nvmlInit_v2/nvmlInit or nvmlShutdown</source>
        <translation>NVML：%1 已加载，但缺少 nvmlInit_v2/nvmlInit 或 nvmlShutdown</translation>
    </message>
    <message>
        <source>NVML found but nvmlInit failed: %1, in %2</source>
        <translation>找到了 NVML，但 nvmlInit 失败：%1，位于 %2</translation>
    </message>
    <message>
        <source>NVML: %1 lacks %2; skipped</source>
        <translation>NVML：%1 缺少 %2；已跳过</translation>
    </message>
    <message>
        <source>NVML: %1 failed: %2</source>
        <translation>NVML：%1 失败：%2</translation>
    </message>
    <message>
        <source>NVML: no library to try on this platform</source>
        <translation>NVML：此平台上没有可尝试的库</translation>
    </message>
    <message>
        <source>NVML: cancelled before it was asked</source>
        <translation>NVML：在查询之前已取消</translation>
    </message>
    <message>
        <source>NVML: cancelled while waiting for the driver</source>
        <translation>NVML：等待驱动时已取消</translation>
    </message>
    <message>
        <source>NVML: no answer within %1 ms (a call into the driver hung); went on without it</source>
        <translation>NVML：%1 毫秒内没有回应（对驱动的调用卡住了）；已在没有它的情况下继续</translation>
    </message>
</context>
<context>
    <name>ImportCheck</name>
    <message>
        <source>Does `import torch` work?</source>
        <translation>`import torch` 能成功吗？</translation>
    </message>
    <message>
        <source>The library that really fails is %1 (%2), reached through %3. %4</source>
        <translation>真正失败的库是 %1（%2），依赖路径为 %3。%4</translation>
    </message>
    <message>
        <source>`import torch` failed with %1: %2</source>
        <translation>`import torch` 失败，%1：“%2”</translation>
    </message>
    <message>
        <source>`import torch` fails: WinError %1 loading %2</source>
        <translation>`import torch` 失败：加载 %2 时出现 WinError %1</translation>
    </message>
    <message>
        <source>`import torch` fails</source>
        <translation>`import torch` 失败</translation>
    </message>
    <message>
        <source>The Python process died during `import torch` (%1). A crash inside a native library usually means two incompatible copies of a runtime in one process (OpenMP, the C++ runtime), a CPU without the instructions the build needs, or a damaged file.</source>
        <translation>Python 进程在 `import torch` 时崩溃（%1）。本机库内部崩溃通常意味着同一进程中有两个互不兼容的运行库副本（OpenMP、C++ 运行库）、CPU 缺少该版本所需的指令，或者文件已损坏。</translation>
    </message>
    <message>
        <source>Its last words: %1</source>
        <translation>它最后的输出：“%1”</translation>
    </message>
    <message>
        <source>`import torch` crashes Python</source>
        <translation>`import torch` 导致 Python 崩溃</translation>
    </message>
    <message>
        <source>`import torch` did not finish in %1 s</source>
        <translation>`import torch` 在 %1 秒内没有完成</translation>
    </message>
    <message>
        <source>The import was stopped after %1 seconds. A hang while loading usually means a network file system or antivirus scanning every DLL, a dead GPU driver, or a deadlock between two OpenMP runtimes. Try again with a longer --timeout to tell slow from stuck.</source>
        <translation>导入在 %1 秒后被终止。加载时卡住通常是因为网络文件系统或杀毒软件逐个扫描 DLL、GPU 驱动失去响应，或两个 OpenMP 运行库之间死锁。请用更长的 --timeout 重试，以区分是慢还是卡死。</translation>
    </message>
    <message>
        <source>The import test could not run in %1</source>
        <translation>无法在 %1 中运行导入测试</translation>
    </message>
    <message>
        <source>%1. The rest of the diagnosis does not depend on it.</source>
        <translation>%1。其余诊断不依赖于它。</translation>
    </message>
</context>
<context>
    <name>InstallationCheck</name>
    <message>
        <source>It owns %1 (its RECORD lists %2), the library at fault.</source>
        <translation>出问题的库 %1 属于它（它的 RECORD 列有 %2）。</translation>
    </message>
    <message>
        <source>its RECORD lists %1 bytes and the file has %2</source>
        <translation>它的 RECORD 记录为 %1 字节，而文件现在是 %2 字节</translation>
    </message>
    <message>
        <source>it has the size its RECORD lists, but another sha256 (%1 expected)</source>
        <translation>大小与 RECORD 记录的一致，但 sha256 不同（应为 %1）</translation>
    </message>
    <message>
        <source>%1 %2 installed %3, and it has changed since: %4. A download or an install that stopped half-way (a full disk) leaves such files. The reinstall repair installs %1 %2 again, that distribution only.</source>
        <translation>%3 由 %1 %2 安装，之后被改动了：%4。下载或安装中途停止（例如磁盘已满）就会留下这样的文件。重新安装修复只重新安装 %1 %2 这一个发行包。</translation>
    </message>
    <message>
        <source>%1 is damaged: it is not the file %2 %3 installed</source>
        <translation>%1 已损坏：它不再是 %2 %3 安装的那个文件</translation>
    </message>
    <message>
        <source>torch %1&apos;s METADATA requires `%2`; the copy that imports is %3 %4 (%5).</source>
        <translation>torch %1 的 METADATA 要求 `%2`；实际被导入的是 %3 %4（%5）。</translation>
    </message>
    <message>
        <source>The reinstall repair installs exactly %1, and leaves torch and everything else as it is.</source>
        <translation>重新安装修复只安装 %1，torch 和其他一切保持不变。</translation>
    </message>
    <message>
        <source>%1 %2 is installed, but torch %3 requires %4</source>
        <translation>已安装的是 %1 %2，但 torch %3 要求 %4</translation>
    </message>
    <message>
        <source>%1 %2 requires %3, but torch %4 is installed</source>
        <translation>%1 %2 要求 %3，但已安装的是 torch %4</translation>
    </message>
    <message>
        <source>Are the versions torch requires installed, and its files whole?</source>
        <translation>torch 要求的版本是否已安装，文件是否完整？</translation>
    </message>
    <message>
        <source>the Python version</source>
        <translation>Python 版本</translation>
    </message>
    <message>
        <source>the ABI</source>
        <translation>ABI</translation>
    </message>
    <message>
        <source>the platform</source>
        <translation>平台</translation>
    </message>
    <message>
        <source>%1 (%2, this Python: %3)</source>
        <translation>%1（%2，本 Python：%3）</translation>
    </message>
    <message>
        <source>torch %1&apos;s WHEEL says it was built for %2; this Python takes wheels tagged %3 and the like.</source>
        <translation>torch %1 的 WHEEL 文件表明它是为 %2 构建的；本 Python 只接受 %3 之类标签的 wheel。</translation>
    </message>
    <message>
        <source>What differs: %1.</source>
        <translation>不同之处：%1。</translation>
    </message>
    <message>
        <source>Its native libraries cannot load here, and the library errors below all follow from it. The reinstall repair installs torch %1 again, the wheel built for this Python.</source>
        <translation>它的本地库无法在这里加载，下面的库错误都由此而来。重新安装修复会再次安装 torch %1，换成为本 Python 构建的 wheel。</translation>
    </message>
    <message>
        <source>torch %1 is built for %2, not for this Python (%3)</source>
        <translation>torch %1 是为 %2 构建的，不适用于本 Python（%3）</translation>
    </message>
    <message>
        <source>the folder is Python %1&apos;s, and this is Python %2</source>
        <translation>该文件夹属于 Python %1，而这里是 Python %2</translation>
    </message>
    <message>
        <source>its %1 is built for another Python</source>
        <translation>它的 %1 是为另一个 Python 构建的</translation>
    </message>
    <message>
        <source>this Python has a torch of its own in %1, which it no longer imports</source>
        <translation>本 Python 在 %1 中有自己的 torch，但现在导入的不是它</translation>
    </message>
    <message>
        <source>The environment repair removes that entry where it is set.</source>
        <translation>环境变量修复会在设置它的地方删除这个条目。</translation>
    </message>
    <message>
        <source>PYTHONPATH puts another Python&apos;s torch first: %1</source>
        <translation>PYTHONPATH 把另一个 Python 的 torch 排在了前面：%1</translation>
    </message>
    <message>
        <source>%1 asks for NumPy&apos;s C API as numpy.core._multiarray_umath, the name NumPy 1.x gives it; NumPy 2 moved it, and a module built against 1.x cannot run with 2.x. `import torch` warns &quot;A module that was compiled using NumPy 1.x cannot be run in NumPy 2.x&quot;, and then anything that hands arrays to torch fails with &quot;Numpy is not available&quot;. NumPy %2 is the one that imports (%3). The reinstall repair installs numpy&lt;2 there, and leaves torch as it is.</source>
        <translation>%1 以 numpy.core._multiarray_umath 这个名称请求 NumPy 的 C API，这是 NumPy 1.x 使用的名称；NumPy 2 改了它，针对 1.x 构建的模块无法在 2.x 下运行。`import torch` 会警告 &quot;A module that was compiled using NumPy 1.x cannot be run in NumPy 2.x&quot;，之后凡是把数组交给 torch 的操作都会失败，报 &quot;Numpy is not available&quot;。实际被导入的是 NumPy %2（%3）。重新安装修复会在那里安装 numpy&lt;2，torch 保持不变。</translation>
    </message>
    <message>
        <source>torch %1 is built against NumPy 1.x, and NumPy %2 is installed</source>
        <translation>torch %1 是针对 NumPy 1.x 构建的，但已安装的是 NumPy %2</translation>
    </message>
    <message>
        <source>%1 was made from %2 (%3 says so), which is no longer there, so its python does not start: %4. Its packages are still in the venv.</source>
        <translation>%1 是用 %2 创建的（%3 中如此记载），而它已不在原处，所以这个虚拟环境的 python 无法启动：%4。虚拟环境里的包都还在。</translation>
    </message>
    <message>
        <source>Python %1 is at %2: the repair makes the venv again on it and puts the packages back into it, without downloading anything; the old venv is kept beside it.</source>
        <translation>本机在 %2 有 Python %1：修复会用它重新创建这个虚拟环境，并把原有的包放回去，不下载任何东西；旧的虚拟环境会保留在旁边。</translation>
    </message>
    <message>
        <source>No Python %1 is on this machine, and the packages in the venv are built for %1. Install Python %1, make the venv again with it, and install its packages again.</source>
        <translation>本机没有 Python %1，而虚拟环境里的包是为 %1 构建的。请安装 Python %1，用它重新创建虚拟环境，再重新安装其中的包。</translation>
    </message>
    <message>
        <source>pyvenv.cfg does not say which Python version it was: make the venv again with the Python you want, and install its packages again.</source>
        <translation>pyvenv.cfg 没有记载它原来的 Python 版本：请用你想要的 Python 重新创建虚拟环境，再重新安装其中的包。</translation>
    </message>
    <message>
        <source>The venv %1 lost the Python it was made from</source>
        <translation>虚拟环境 %1 找不到创建它的 Python 了</translation>
    </message>
    <message>
        <source>the folder is Python %1&apos;s</source>
        <translation>该文件夹属于 Python %1</translation>
    </message>
    <message>
        <source>PYTHONPATH holds %1, so this Python imports %2 from there (%3), before its own site-packages: %4.</source>
        <translation>PYTHONPATH 中含有 %1，所以本 Python 先从那里导入 %2（%3），而不是从自己的 site-packages：%4。</translation>
    </message>
    <message>
        <source>%1 has no compiled core (_C) that Python %2 can load.</source>
        <translation>%1 中没有 Python %2 能加载的编译核心（_C）。</translation>
    </message>
    <message>
        <source>The compiled core (_C) in %1 is built for Python %2, and this is Python %3.</source>
        <translation>%1 中的编译核心（_C）是为 Python %2 构建的，而这里是 Python %3。</translation>
    </message>
    <message>
        <source>This is what “Failed to load PyTorch C extensions” means.</source>
        <translation>这正是“Failed to load PyTorch C extensions”的含义。</translation>
    </message>
    <message>
        <source>The install was cut short, a file was taken away (an antivirus does that), or the files are of a torch for another Python. Reinstalling torch for this Python mends it.</source>
        <translation>安装被中断、某个文件被移走（杀毒软件会这样做），或者这些文件属于为另一个 Python 构建的 torch。为这个 Python 重新安装 torch 即可修复。</translation>
    </message>
    <message>
        <source>torch has no compiled core for this Python: %1</source>
        <translation>torch 没有适用于此 Python 的编译核心：%1</translation>
    </message>
    <message>
        <source>Python puts the folder a program starts in (%1) first on sys.path, for “python script.py”, “python -m” and “python -c” alike, so “import %2” loads %3, never the installed %4.</source>
        <translation>Python 会把程序启动所在的文件夹（%1）放在 sys.path 的最前面，“python script.py”、“python -m”和“python -c”都是如此，因此“import %2”加载的是 %3，而不是已安装的 %4。</translation>
    </message>
    <message>
        <source>The folder is a project&apos;s source checkout (it has setup.py or pyproject.toml).</source>
        <translation>该文件夹是某个项目的源码目录（其中有 setup.py 或 pyproject.toml）。</translation>
    </message>
    <message>
        <source>Start the program from another folder, or rename or move %1.</source>
        <translation>请从其他文件夹启动程序，或者重命名或移走 %1。</translation>
    </message>
    <message>
        <source>%1 hides the installed %2</source>
        <translation>%1 遮蔽了已安装的 %2</translation>
    </message>
    <message>
        <source>Line %1 of %2 adds %3 to sys.path, so this Python imports %4 from there (%5): %6. The environment repair takes that line out of the file.</source>
        <translation>%2 的第 %1 行把 %3 加入了 sys.path，因此这个 Python 从那里导入 %4（%5）：%6。环境修复会把这一行从文件中删除。</translation>
    </message>
    <message>
        <source>%1 puts another Python&apos;s torch first: %2</source>
        <translation>%1 让另一个 Python 的 torch 排在前面：%2</translation>
    </message>
    <message>
        <source>Line %1 of %2 is code that Python runs at every start, and it puts %3 on sys.path, so this Python imports %4 from there (%5): %6. The environment repair takes that line out of the file.</source>
        <translation>%2 的第 %1 行是 Python 每次启动都会运行的代码，它把 %3 加入了 sys.path，所以这个 Python 会从那里导入 %4（%5）：%6。环境修复会把这一行从文件中删除。</translation>
    </message>
    <message>
        <source>Start the program from another folder, or rename or move %1: the environment repair renames it, and its undo gives the name back.</source>
        <translation>请在别的文件夹中启动程序，或重命名、移走 %1：环境修复会重命名它，撤销后会恢复原名。</translation>
    </message>
    <message numerus="yes">
        <source>No Python %1 is on this machine, and the venv&apos;s packages were installed for %1. Python %2 is at %3: the repair makes the venv again on it and installs the same %n distribution(s) again at the same versions, downloaded for Python %2; the old venv is kept beside it.</source>
        <translation>
            <numerusform>本机没有 Python %1，而该虚拟环境中的包是为 %1 安装的。Python %2 位于 %3：修复会在它上面重新创建虚拟环境，并按相同版本重新安装同样的 %n 个发行包（为 Python %2 下载）；旧的虚拟环境会保留在旁边。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 (%3) was built for another torch: its METADATA requires `%4`. Its compiled parts fail under torch %5 with undefined symbols or missing operators.</source>
        <translation>%1 %2（%3）是为另一个 torch 构建的：它的 METADATA 要求 `%4`。它的编译部分在 torch %5 下会因未定义符号或缺少算子而失败。</translation>
    </message>
    <message>
        <source>%1 %2 is the newest release whose wheels require a torch that %3 satisfies (%4, read from its METADATA on %5). The reinstall repair installs it, with torch held where it is;</source>
        <translation>%1 %2 是其 wheel 所要求的 torch 能被 %3 满足的最新版本（%4，读自 %5 上的 METADATA）。重新安装修复会安装它，并保持 torch 不变；</translation>
    </message>
    <message>
        <source>The reinstall repair installs the %1 that goes with torch %2 (pip picks it, with torch held where it is);</source>
        <translation>重新安装修复会安装与 torch %2 配套的 %1（由 pip 选择，并保持 torch 不变）；</translation>
    </message>
    <message>
        <source>the other way is the torch it was built for (`%1`).</source>
        <translation>另一种办法是安装它所针对的 torch（`%1`）。</translation>
    </message>
</context>
<context>
    <name>KnowledgeCheck</name>
    <message>
        <source>torch %1 is newer than the knowledge base (dated %2), so this is inferred from torch %3: likely, not certain.</source>
        <translation>torch %1 比知识库（日期 %2）更新，因此这是根据 torch %3 推断的：只是可能，并不确定。</translation>
    </message>
    <message>
        <source>No source confirms these facts for torch %1 yet: likely, not certain.</source>
        <translation>目前还没有来源确认 torch %1 的这些信息：只是可能，并不确定。</translation>
    </message>
    <message>
        <source>Does TorchDoctor know this torch release?</source>
        <translation>TorchDoctor 了解这个 torch 版本吗？</translation>
    </message>
    <message>
        <source>torch %1 is newer than TorchDoctor&apos;s knowledge (dated %2)</source>
        <translation>torch %1 比 TorchDoctor 的知识（日期 %2）更新</translation>
    </message>
    <message>
        <source>The knowledge base knows torch releases up to %1. For torch %2 these facts are inferred from %1: the supported Python versions (%3–%4), the CUDA variants (%5), the GPU architectures of their builds and the matching torchvision (%6) and torchaudio (%7). Every verdict built on them says &quot;likely&quot;. A newer TorchDoctor knows more.</source>
        <translation>知识库只了解到 torch %1 为止的版本。对于 torch %2，以下信息是根据 %1 推断的：支持的 Python 版本（%3–%4）、CUDA 版本（%5）、这些构建的 GPU 架构，以及匹配的 torchvision（%6）和 torchaudio（%7）。基于这些信息的结论都会注明“可能”。更新版本的 TorchDoctor 了解得更多。</translation>
    </message>
</context>
<context>
    <name>LibraryCheck</name>
    <message>
        <source>Can every native library of PyTorch be loaded?</source>
        <translation>PyTorch 的所有本机库都能加载吗？</translation>
    </message>
    <message>
        <source>The Microsoft Visual C++ runtime (%1) is missing</source>
        <translation>缺少 Microsoft Visual C++ 运行库（%1）</translation>
    </message>
    <message>
        <source>%1 needs %2, which comes with the Visual C++ 2015-2022 x64 Redistributable. Install the latest one from Microsoft (aka.ms/vs/17/release/vc_redist.x64.exe); never copy the DLL from a download site. %3</source>
        <translation>%1 需要 %2，它随 Visual C++ 2015-2022 x64 可再发行组件包提供。请从微软官网安装最新版本（aka.ms/vs/17/release/vc_redist.x64.exe）；切勿从下载站复制该 DLL。%3</translation>
    </message>
    <message>
        <source>%1 is missing (needed by %2)</source>
        <translation>缺少 %1（%2 需要它）</translation>
    </message>
    <message>
        <source>%1 is built for another architecture</source>
        <translation>%1 是为其他架构构建的</translation>
    </message>
    <message>
        <source>%1 cannot be loaded</source>
        <translation>无法加载 %1</translation>
    </message>
    <message>
        <source>Another copy of %1 is in the way</source>
        <translation>另一个 %1 副本挡住了它</translation>
    </message>
    <message>
        <source>%1 %2 is older than the %3 that torch %4 needs</source>
        <translation>%1 %2 比 torch %4 所需的 %3 旧</translation>
    </message>
    <message>
        <source>The copy that loads is %1. %2 Install the latest Visual C++ 2015-2022 x64 Redistributable (%3); if another program put an old copy earlier in the search order, remove it from there.</source>
        <translation>实际加载的副本是 %1。%2 请安装最新的 Visual C++ 2015-2022 x64 可再发行组件包（%3）；如果是其他程序把旧副本放在了搜索顺序中更靠前的位置，请从那里删除它。</translation>
    </message>
    <message>
        <source>More than one OpenMP runtime would load into one process</source>
        <translation>同一进程中会加载多个 OpenMP 运行库</translation>
    </message>
    <message>
        <source>Files: %1.</source>
        <translation>文件：%1。</translation>
    </message>
    <message>
        <source>torch %1 requires %2, whose wheel ships %3: install it (`pip install &quot;%2&quot;`), or `torchdoctor fix reinstall`.</source>
        <translation>torch %1 依赖 %2，其 wheel 提供 %3：请安装它（`pip install &quot;%2&quot;`），或运行 `torchdoctor fix reinstall`。</translation>
    </message>
    <message>
        <source>Version %1 is missing from %2</source>
        <translation>%2 缺少版本 %1</translation>
    </message>
    <message>
        <source>%1 needs %2, which %3 does not define</source>
        <translation>%1 需要 %2，但 %3 没有定义它</translation>
    </message>
    <message>
        <source>%1 belongs to %2 %3 (its RECORD lists it).</source>
        <translation>%1 属于 %2 %3（它的 RECORD 列出了这个文件）。</translation>
    </message>
    <message>
        <source>%1 belongs to the system package %2.</source>
        <translation>%1 属于系统软件包 %2。</translation>
    </message>
    <message>
        <source>%1 needs %2, which no library it loads defines</source>
        <translation>%1 需要 %2，但它加载的库都没有定义它</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>The wizard is not part of this build: running `torchdoctor check` instead.</source>
        <translation>此版本不包含向导：改为运行 `torchdoctor check`。</translation>
    </message>
    <message>
        <source>No display found: running `torchdoctor check` instead.</source>
        <translation>未找到显示器：改为运行 `torchdoctor check`。</translation>
    </message>
</context>
<context>
    <name>PackagesCheck</name>
    <message>
        <source>Do torchvision and torchaudio match torch?</source>
        <translation>torchvision 和 torchaudio 与 torch 匹配吗？</translation>
    </message>
    <message>
        <source>%1 %2 is installed, but torch %3 needs %1 %4%5.</source>
        <translation>已安装 %1 %2，但 torch %3 需要 %1 %4%5。</translation>
    </message>
    <message>
        <source> or later</source>
        <translation> 或更新版本</translation>
    </message>
    <message>
        <source>%1 %2 is built for %3, torch %4 for %5.</source>
        <translation>%1 %2 是为 %3 构建的，而 torch %4 是为 %5 构建的。</translation>
    </message>
    <message>
        <source>%1 does not match torch %2</source>
        <translation>%1 与 torch %2 不匹配</translation>
    </message>
    <message>
        <source>Mismatched packages fail with errors such as &quot;operator torchvision::nms does not exist&quot; or undefined symbols. Reinstall them together from the same index.</source>
        <translation>不匹配的软件包会报出“operator torchvision::nms does not exist”或未定义符号之类的错误。请从同一个索引一起重新安装它们。</translation>
    </message>
</context>
<context>
    <name>PastedError</name>
    <message>
        <source>Windows</source>
        <translation>Windows</translation>
    </message>
    <message>
        <source>macOS</source>
        <translation>macOS</translation>
    </message>
    <message>
        <source>Linux</source>
        <translation>Linux</translation>
    </message>
    <message>
        <source>The error you pasted: %1</source>
        <translation>您粘贴的错误：%1</translation>
    </message>
    <message>
        <source>The error you pasted is not in the knowledge base yet</source>
        <translation>您粘贴的错误尚未收录在知识库中</translation>
    </message>
    <message>
        <source>The file it names: %1</source>
        <translation>其中提到的文件：%1</translation>
    </message>
    <message>
        <source>The library it names: %1</source>
        <translation>其中提到的库：%1</translation>
    </message>
    <message>
        <source>What fixes it: %1</source>
        <translation>修复方法：%1</translation>
    </message>
    <message>
        <source>This happened on a %1 machine, not on this one: what is above is what it means there. Run TorchDoctor on that machine to repair it.</source>
        <translation>此错误发生在一台 %1 计算机上，而不是本机：以上是它在那台计算机上的含义。请在那台计算机上运行 TorchDoctor 进行修复。</translation>
    </message>
</context>
<context>
    <name>ProblemText</name>
    <message>
        <source>%1 (%2-bit)</source>
        <translation>%1（%2 位）</translation>
    </message>
    <message>
        <source>the process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>the process (%1)</source>
        <translation>进程（%1）</translation>
    </message>
    <message>
        <source>the DLL&apos;s own folder (LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR)</source>
        <translation>DLL 自身所在的文件夹（LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR）</translation>
    </message>
    <message>
        <source>the application folder</source>
        <translation>应用程序文件夹</translation>
    </message>
    <message>
        <source>the Windows folder</source>
        <translation>Windows 文件夹</translation>
    </message>
    <message>
        <source>PATH (put in front by torch)</source>
        <translation>PATH（由 torch 放在最前）</translation>
    </message>
    <message>
        <source>the application folder (python.exe&apos;s) was not given (--app-dir)</source>
        <translation>未指定应用程序文件夹（python.exe 所在处，--app-dir）</translation>
    </message>
    <message>
        <source>System32 was not given (--system-dir)</source>
        <translation>未指定 System32（--system-dir）</translation>
    </message>
    <message>
        <source>the current folder (not known here). The folder of the DLL being loaded is not searched in this order, which is why torch puts its folders on PATH first</source>
        <translation>当前文件夹（此处无从得知）。按这种顺序不会搜索正在加载的 DLL 所在的文件夹，所以 torch 会先把自己的文件夹放到 PATH 最前面</translation>
    </message>
    <message>
        <source>. PATH is not searched with these flags</source>
        <translation>。使用这些标志时不会搜索 PATH</translation>
    </message>
    <message>
        <source>loading %1 still succeeds, because it is a delay-load import: only the first call into %2 fails</source>
        <translation>加载 %1 仍会成功，因为它是延迟加载的导入：只有第一次调用 %2 时才会失败</translation>
    </message>
    <message>
        <source>loading %1 still succeeds, because only a delay-loaded DLL needs it: only the first call into that DLL fails</source>
        <translation>加载 %1 仍会成功，因为只有一个延迟加载的 DLL 需要它：只有第一次调用那个 DLL 时才会失败</translation>
    </message>
    <message>
        <source>loading %1 fails with %2</source>
        <translation>加载 %1 失败，错误为 %2</translation>
    </message>
    <message>
        <source>It is part of the Microsoft Visual C++ 2015-2022 Redistributable: install the latest x64 one (https://aka.ms/vs/17/release/vc_redist.x64.exe). Never download single DLLs from &quot;DLL download&quot; sites.</source>
        <translation>它属于 Microsoft Visual C++ 2015-2022 可再发行组件包：请安装最新的 x64 版本（https://aka.ms/vs/17/release/vc_redist.x64.exe）。切勿从“DLL 下载”网站下载单个 DLL。</translation>
    </message>
    <message>
        <source>It is a CUDA runtime library that torch&apos;s CUDA wheels ship in torch\lib (or that the nvidia-* pip packages provide). Its absence usually means a CUDA wheel whose files are incomplete or mixed with another CUDA version: reinstall torch from the index of one CUDA variant (pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cuXYZ), or use the CPU wheel.</source>
        <translation>它是 CUDA 运行时库，由 torch 的 CUDA 版 wheel 放在 torch\lib 中（或由 nvidia-* pip 包提供）。缺少它通常说明 CUDA 版 wheel 的文件不完整，或与另一个 CUDA 版本混在一起：请从单一 CUDA 版本的索引重新安装 torch（`pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cuXYZ`），或改用 CPU 版 wheel。</translation>
    </message>
    <message>
        <source>An older copy earlier in the search (an application or conda folder) wins over the current one in System32. torch 2.9 and later need msvcp140.dll 14.40 or newer: an older one that loads first makes c10.dll fail with [WinError 1114]. Install the latest VC++ 2015-2022 x64 redistributable and remove or update the old copy (or the folder that adds it).</source>
        <translation>搜索顺序中更靠前的旧副本（某个应用程序或 conda 文件夹中的）优先于 System32 中的新副本。torch 2.9 及以后版本需要 msvcp140.dll 14.40 或更新版本：先加载的旧副本会让 c10.dll 以 [WinError 1114] 失败。请安装最新的 VC++ 2015-2022 x64 可再发行组件包，并删除或更新旧副本（或移除添加它的文件夹）。</translation>
    </message>
    <message>
        <source>libomp140.x86_64.dll is LLVM&apos;s OpenMP runtime from the MSVC v143 build tools; it is not part of the VC++ Redistributable, so reinstalling the redistributable does not help. torch 2.4.0&apos;s fbgemm.dll needed it (pytorch/pytorch#131662): upgrade to torch 2.4.1 or later. If you must keep 2.4.0, add &quot;MSVC v143 - VS 2022 C++ x64/x86 build tools&quot; in the Visual Studio Installer. Never download the DLL from &quot;DLL download&quot; sites.</source>
        <translation>libomp140.x86_64.dll 是 MSVC v143 生成工具中的 LLVM OpenMP 运行时，不属于 VC++ 可再发行组件包，所以重装可再发行组件包无济于事。torch 2.4.0 的 fbgemm.dll 需要它（pytorch/pytorch#131662）：请升级到 torch 2.4.1 或更高版本。如果必须保留 2.4.0，请在 Visual Studio Installer 中添加“MSVC v143 - VS 2022 C++ x64/x86 build tools”。切勿从“DLL 下载”网站下载该 DLL。</translation>
    </message>
    <message>
        <source>cuDNN 8.3 to 8.9 (torch 2.3 and older) needs zlibwapi.dll; cuDNN 9 does not. torch&apos;s CUDA wheels of those versions ship it in torch\lib; a standalone cuDNN 8 (for onnxruntime, ctranslate2, ...) needs zlib installed next to it. Reinstall torch, or put the zlib DLL from a trusted source in the cuDNN folder.</source>
        <translation>cuDNN 8.3 到 8.9（torch 2.3 及更早版本）需要 zlibwapi.dll；cuDNN 9 不需要。这些版本的 torch CUDA 版 wheel 在 torch\lib 中自带它；单独安装的 cuDNN 8（供 onnxruntime、ctranslate2 等使用）需要在旁边安装 zlib。请重新安装 torch，或把可信来源的 zlib DLL 放到 cuDNN 文件夹中。</translation>
    </message>
    <message>
        <source>Another CUDA or cuDNN version earlier in the search wins (a CUDA toolkit folder, CUDA_PATH_V*, or another package&apos;s nvidia\...\bin): mixed versions fail with [WinError 127] or 126. Remove that folder from the search or the other package.</source>
        <translation>搜索顺序中更靠前的另一个 CUDA 或 cuDNN 版本优先（CUDA 工具包文件夹、CUDA_PATH_V* 或另一个包的 nvidia\...\bin）：版本混用会以 [WinError 127] 或 126 失败。请把那个文件夹移出搜索路径，或移除那个包。</translation>
    </message>
    <message>
        <source>nvcuda.dll is installed into System32 by the NVIDIA display driver: install or repair the driver (a CUDA wheel needs a driver new enough for its CUDA version).</source>
        <translation>nvcuda.dll 由 NVIDIA 显卡驱动安装到 System32：请安装或修复驱动（CUDA 版 wheel 需要足够新的驱动来支持它的 CUDA 版本）。</translation>
    </message>
    <message>
        <source>Two copies of Intel&apos;s OpenMP runtime (for example Anaconda&apos;s Library\bin and torch\lib) end in &quot;OMP: Error #15: Initializing libiomp5md.dll, but found libiomp5md.dll already initialized&quot;. Remove the duplicate from the folder that comes first (or conda install nomkl); KMP_DUPLICATE_LIB_OK=TRUE is an unsafe workaround.</source>
        <translation>两份 Intel OpenMP 运行时（例如 Anaconda 的 Library\bin 和 torch\lib 中各一份）会导致“OMP: Error #15: Initializing libiomp5md.dll, but found libiomp5md.dll already initialized”。请从排在前面的文件夹中删除重复的副本（或执行 `conda install nomkl`）；KMP_DUPLICATE_LIB_OK=TRUE 是不安全的权宜之计。</translation>
    </message>
    <message>
        <source>Intel&apos;s OpenMP runtime ships with torch (torch\lib) and with the intel-openmp package; reinstall torch.</source>
        <translation>Intel OpenMP 运行时随 torch（torch\lib）和 intel-openmp 包提供；请重新安装 torch。</translation>
    </message>
    <message>
        <source>libomp is the OpenMP runtime that PyTorch on macOS links against but does not always ship (the torch 2.2 libtorch zip does not): run `brew install libomp`, then make its lib folder (`brew --prefix libomp`/lib) reachable through an LC_RPATH or DYLD_LIBRARY_PATH.</source>
        <translation>libomp 是 macOS 上的 PyTorch 所链接的 OpenMP 运行时，但并不总是随附（torch 2.2 的 libtorch zip 就没有）：请运行 `brew install libomp`，然后通过 LC_RPATH 或 DYLD_LIBRARY_PATH 让它的 lib 文件夹（`brew --prefix libomp`/lib）可以被找到。</translation>
    </message>
    <message>
        <source>a %1 file, not a Windows DLL</source>
        <translation>一个 %1 文件，而不是 Windows DLL</translation>
    </message>
    <message>
        <source>a damaged PE file: %1</source>
        <translation>一个损坏的 PE 文件：%1</translation>
    </message>
    <message>
        <source>not a PE image (damaged, truncated or not a DLL at all)</source>
        <translation>不是 PE 映像（已损坏、被截断，或根本不是 DLL）</translation>
    </message>
    <message>
        <source>%1 is %2 but %3 is %4: LoadLibrary fails with [WinError 193] &quot;%5 is not a valid Win32 application&quot; (%6). Windows cannot load a DLL of another machine into a process. Use the %7 build of the package (torch&apos;s Windows wheels are x64 only: a 32-bit Python needs a 64-bit Python instead).</source>
        <translation>%1 是 %2，但%3是 %4：LoadLibrary 以 [WinError 193]“%5 is not a valid Win32 application”失败（%6）。Windows 无法把另一种机器架构的 DLL 加载进进程。请使用该包的 %7 版本（torch 的 Windows wheel 只有 x64 版：32 位 Python 需要换成 64 位 Python）。</translation>
    </message>
    <message>
        <source>of this system</source>
        <translation>（本系统的）</translation>
    </message>
    <message>
        <source>shipped here</source>
        <translation>（随本程序提供的）</translation>
    </message>
    <message>
        <source>%1 is an API set (a virtual DLL name that Windows maps to a system DLL), and the API set schema %2 has no contract %3: this Windows version may not have it (it is newer than the schema, or exists only on other editions). API sets are never looked up as files, so a file of that name does not help; update Windows, or use a build of %4 made for this Windows version.</source>
        <translation>%1 是一个 API 集（Windows 映射到某个系统 DLL 的虚拟 DLL 名），而 API 集架构%2中没有契约 %3：这个 Windows 版本可能不提供它（它比架构新，或只存在于其他版本中）。系统从不把 API 集当作文件查找，所以放一个同名文件也没用；请更新 Windows，或使用为这个 Windows 版本构建的 %4。</translation>
    </message>
    <message>
        <source>%1 is an API set whose contract %2 has no host DLL on this edition of Windows, so it cannot be loaded.</source>
        <translation>%1 是一个 API 集，它的契约 %2 在这个 Windows 版本上没有宿主 DLL，因此无法加载。</translation>
    </message>
    <message>
        <source>%1 is an API set served by %2 (contract %3), which is not in System32 (%4) for a %5 process. Repair Windows (sfc /scannow) or check --system-dir.</source>
        <translation>%1 是由 %2 提供的 API 集（契约 %3），但对于 %5 进程，System32（%4）中没有它。请修复 Windows（sfc /scannow），或检查 --system-dir。</translation>
    </message>
    <message>
        <source>The search for %1 stops at %2 (%3): %4. The loader does not skip such a file: the search ends there, and %5. Remove or replace that file (reinstall the package that owns it).</source>
        <translation>搜索 %1 时停在了 %2（%3）：%4。加载器不会跳过这样的文件：搜索就此结束，%5。请删除或替换该文件（重新安装它所属的包）。</translation>
    </message>
    <message>
        <source>[WinError 126] under Wine ([WinError 193] &quot;%1 is not a valid Win32 application&quot; on some Windows versions)</source>
        <translation>Wine 下为 [WinError 126]（在某些 Windows 版本上为 [WinError 193]“%1 is not a valid Win32 application”）</translation>
    </message>
    <message>
        <source>%1 is %2 but %3 is %4: %5. The loader skips a DLL of another machine and keeps searching; no %6 copy was found, so %7. Looked in: %8. Install the %6 build of the package that provides it.</source>
        <translation>%1 是 %2，但%3是 %4：%5。加载器会跳过其他机器架构的 DLL 并继续搜索；没有找到 %6 的副本，所以%7。查找过：%8。请安装提供它的包的 %6 版本。</translation>
    </message>
    <message>
        <source>[WinError 126] (older Windows versions may stop at the first copy with [WinError 193] instead)</source>
        <translation>[WinError 126]（较旧的 Windows 版本可能会停在第一个副本处，报 [WinError 193]）</translation>
    </message>
    <message>
        <source>%1 was not found, so %2. Looked in, in order: %3.</source>
        <translation>找不到 %1，所以%2。依次查找过：%3。</translation>
    </message>
    <message>
        <source>[WinError 126] &quot;The specified module could not be found&quot;</source>
        <translation>[WinError 126]“The specified module could not be found”（找不到指定的模块）</translation>
    </message>
    <message>
        <source>%1 was skipped: %2.</source>
        <translation>已跳过 %1：%2。</translation>
    </message>
    <message>
        <source>A copy is on PATH (%1), but LoadLibraryExW with torch&apos;s flags (LOAD_LIBRARY_SEARCH_DEFAULT_DIRS | LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR) ignores PATH, and so does Python 3.8 and later for extension modules: adding a folder to PATH does not help. Call os.add_dll_directory(r&quot;%2&quot;) before importing torch, or install the DLL where it is searched. (torch&apos;s own fallback after error 126, LoadLibraryW with its folders put in front of PATH, would find it: see --classic-search.)</source>
        <translation>PATH 上有一个副本（%1），但使用 torch 的标志（LOAD_LIBRARY_SEARCH_DEFAULT_DIRS | LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR）的 LoadLibraryExW 会忽略 PATH，Python 3.8 及以后版本加载扩展模块时也是如此：把文件夹加到 PATH 没有用。请在导入 torch 之前调用 os.add_dll_directory(r&quot;%2&quot;)，或把该 DLL 安装到会被搜索的位置。（torch 在错误 126 之后的后备做法——先把它的文件夹放到 PATH 最前再调用 LoadLibraryW——能找到它：见 --classic-search。）</translation>
    </message>
    <message>
        <source>Install the package that provides it, or add its folder with os.add_dll_directory().</source>
        <translation>请安装提供它的包，或用 os.add_dll_directory() 添加它所在的文件夹。</translation>
    </message>
    <message>
        <source>%1, version %2</source>
        <translation>%1，版本 %2</translation>
    </message>
    <message>
        <source>the classic search order (LoadLibraryW)</source>
        <translation>经典搜索顺序（LoadLibraryW）</translation>
    </message>
    <message>
        <source>the search order of torch&apos;s LoadLibraryExW flags</source>
        <translation>torch 所用 LoadLibraryExW 标志的搜索顺序</translation>
    </message>
    <message>
        <source>%1 (%2) is loaded; a different copy at %3 (%4) is never used, because %5 comes before %6 in %7.</source>
        <translation>加载的是 %1（%2）；位于 %3（%4）的另一个副本永远不会被使用，因为在%7中 %5 排在 %6 之前。</translation>
    </message>
    <message>
        <source>Take %1 out of PATH where it is set, and the other copy loads.</source>
        <translation>请在设置 PATH 的地方把 %1 从 PATH 中移除，另一个副本就会被加载。</translation>
    </message>
    <message>
        <source>A copy from outside the package wins here: update what installed it in %1 (for a Visual C++ runtime DLL, install the latest Redistributable).</source>
        <translation>这里优先的是包外的副本：请更新把它安装到 %1 的程序（如果是 Visual C++ 运行时 DLL，请安装最新的可再发行组件包）。</translation>
    </message>
    <message>
        <source>It is a delay-load import: the load succeeds, and only a call into it would fail.</source>
        <translation>它是延迟加载的导入：加载会成功，只有调用它时才会失败。</translation>
    </message>
    <message>
        <source>the system folders</source>
        <translation>系统文件夹</translation>
    </message>
    <message>
        <source>via %1</source>
        <translation>经由 %1</translation>
    </message>
    <message>
        <source>via %1 entry %2</source>
        <translation>经由 %1 条目 %2</translation>
    </message>
    <message>
        <source>the path itself</source>
        <translation>路径本身</translation>
    </message>
    <message>
        <source> (only entries outside the system folders: the requester is linked with -z nodefaultlib, DF_1_NODEFLIB); no system folders</source>
        <translation>（只用系统文件夹以外的条目：请求方以 -z nodefaultlib 链接，DF_1_NODEFLIB）；不搜索系统文件夹</translation>
    </message>
    <message>
        <source>DT_RPATH of %1</source>
        <translation>%1 的 DT_RPATH</translation>
    </message>
    <message>
        <source>DT_RUNPATH of %1</source>
        <translation>%1 的 DT_RUNPATH</translation>
    </message>
    <message>
        <source>system folders: %1</source>
        <translation>系统文件夹：%1</translation>
    </message>
    <message>
        <source>a loop of symbolic links (ELOOP), which ends that list of folders</source>
        <translation>符号链接循环（ELOOP），会结束那一组文件夹的搜索</translation>
    </message>
    <message>
        <source>a dangling symbolic link to %1</source>
        <translation>指向 %1 的失效符号链接</translation>
    </message>
    <message>
        <source>a folder, not a file: ld.so stops with &quot;cannot read file data: Is a directory&quot;</source>
        <translation>是文件夹而不是文件：ld.so 会以“cannot read file data: Is a directory”停止</translation>
    </message>
    <message>
        <source>invalid ELF header</source>
        <translation>ELF 头无效</translation>
    </message>
    <message>
        <source>not an ELF file (%1)</source>
        <translation>不是 ELF 文件（%1）</translation>
    </message>
    <message>
        <source>a damaged ELF file: %1</source>
        <translation>损坏的 ELF 文件：%1</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 是 %2</translation>
    </message>
    <message>
        <source>No %1 copy of %2 was found, only copies for another architecture, which ld.so skips: %3. Looked in: %4. Install the %5 build of the package that provides it.</source>
        <translation>没有找到 %2 的 %1 副本，只有其他架构的副本，ld.so 会跳过它们：%3。查找过：%4。请安装提供它的包的 %5 版本。</translation>
    </message>
    <message>
        <source>%1 could not be loaded: the only candidates are %2. Looked in: %3. Repair the link or the permissions, or reinstall the package that provides it.</source>
        <translation>无法加载 %1：候选文件只有 %2。查找过：%3。请修复链接或权限，或重新安装提供它的包。</translation>
    </message>
    <message>
        <source>%1 was not found. Looked in: %2. Install the package that provides it, or add the folder that holds it to LD_LIBRARY_PATH (or the requester&apos;s RUNPATH).</source>
        <translation>找不到 %1。查找过：%2。请安装提供它的包，或把它所在的文件夹加入 LD_LIBRARY_PATH（或请求方的 RUNPATH）。</translation>
    </message>
    <message>
        <source>%1 (%2) loads instead of %3 (%4): %5 comes first in ld.so&apos;s search order.</source>
        <translation>加载的是 %1（%2）而不是 %3（%4）：在 ld.so 的搜索顺序中 %5 排在前面。</translation>
    </message>
    <message>
        <source>Take %1 out of %2 where it is set, and the other copy loads.</source>
        <translation>请在设置 %2 的地方把 %1 移除，另一个副本就会被加载。</translation>
    </message>
    <message>
        <source>version `%1&apos; not found: %2 needs it from %3, but the copy that loads, %4, does not define it.</source>
        <translation>找不到版本 `%1&apos;：%2 需要 %3 提供它，但实际加载的副本 %4 没有定义它。</translation>
    </message>
    <message>
        <source>version `%1&apos; not found: %2 needs it from %3, but the copy that loads, %4, does not define it (its newest is %5).</source>
        <translation>找不到版本 `%1&apos;：%2 需要 %3 提供它，但实际加载的副本 %4 没有定义它（它最新的是 %5）。</translation>
    </message>
    <message>
        <source>The copy at %1 has it but comes later in the search order: take %2 out of %3 where it is set, so that the newer copy loads.</source>
        <translation>%1 处的副本有它，但在搜索顺序中排在后面：请在设置 %3 的地方把 %2 移除，让较新的副本被加载。</translation>
    </message>
    <message>
        <source>The copy at %1 has it but comes later in the search order. Update the package that ships %2.</source>
        <translation>%1 处的副本有它，但在搜索顺序中排在后面。请更新提供 %2 的包。</translation>
    </message>
    <message>
        <source>Update the package that provides %1 (for libstdc++ in a conda environment: conda install -c conda-forge libstdcxx-ng), or use a build of %2 made for this system.</source>
        <translation>请更新提供 %1 的包（conda 环境中的 libstdc++：`conda install -c conda-forge libstdcxx-ng`），或使用为本系统构建的 %2。</translation>
    </message>
    <message>
        <source>@loader_path of %1</source>
        <translation>%1 的 @loader_path</translation>
    </message>
    <message>
        <source>LC_RPATH %1 of %2</source>
        <translation>%2 的 LC_RPATH %1</translation>
    </message>
    <message>
        <source>under %1</source>
        <translation>在 %1 下</translation>
    </message>
    <message>
        <source>DYLD_FALLBACK_LIBRARY_PATH under %1</source>
        <translation>%1 下的 DYLD_FALLBACK_LIBRARY_PATH</translation>
    </message>
    <message>
        <source>a broken symbolic link</source>
        <translation>失效的符号链接</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>没有这个文件</translation>
    </message>
    <message>
        <source>not a file</source>
        <translation>不是文件</translation>
    </message>
    <message>
        <source>not a Mach-O file but something else</source>
        <translation>不是 Mach-O 文件，而是别的东西</translation>
    </message>
    <message>
        <source>not a Mach-O file but an %1 file</source>
        <translation>不是 Mach-O 文件，而是 %1 文件</translation>
    </message>
    <message>
        <source>a damaged Mach-O file: %1</source>
        <translation>损坏的 Mach-O 文件：%1</translation>
    </message>
    <message>
        <source>mach-o file, but is an incompatible architecture (have (%1), need (%2))</source>
        <translation>是 Mach-O 文件，但架构不兼容（有 %1，需要 %2）</translation>
    </message>
    <message>
        <source>an executable, not a dylib</source>
        <translation>是可执行文件，不是 dylib</translation>
    </message>
    <message>
        <source>not a dylib</source>
        <translation>不是 dylib</translation>
    </message>
    <message>
        <source>%1 (relative to the current directory, which varies)</source>
        <translation>%1（相对于当前目录，而当前目录并不固定）</translation>
    </message>
    <message>
        <source>%1 (@executable_path unknown; %2)</source>
        <translation>%1（@executable_path 未知；%2）</translation>
    </message>
    <message>
        <source>%1 has %2 only; the process is %3. dyld refuses it: incompatible architecture (have (%2), need (%3)).</source>
        <translation>%1 只有 %2；进程是 %3。dyld 拒绝加载它：架构不兼容（有 %2，需要 %3）。</translation>
    </message>
    <message>
        <source>%1 has %2 only</source>
        <translation>%1 只有 %2</translation>
    </message>
    <message>
        <source>dyld had nowhere to look.</source>
        <translation>dyld 没有可查找的位置。</translation>
    </message>
    <message>
        <source>Tried: %1.</source>
        <translation>尝试过：%1。</translation>
    </message>
    <message>
        <source>It is a weak dependency (LC_LOAD_WEAK_DYLIB): the load goes on without it, and its symbols are null.</source>
        <translation>它是弱依赖（LC_LOAD_WEAK_DYLIB）：没有它加载也会继续，它的符号为空。</translation>
    </message>
    <message>
        <source>It is a lazy dependency (LC_LAZY_LOAD_DYLIB): the process fails only when it is first used.</source>
        <translation>它是延迟依赖（LC_LAZY_LOAD_DYLIB）：进程只会在第一次用到它时失败。</translation>
    </message>
    <message>
        <source>%1; the process is %2. dyld: Library not loaded: %3, incompatible architecture.</source>
        <translation>%1；进程是 %2。dyld：库未加载：%3，架构不兼容。</translation>
    </message>
    <message>
        <source>Install the %1 (or universal) build of the package that provides %2; mixing an x86_64 Python (Rosetta) with arm64 wheels, or the reverse, causes this.</source>
        <translation>请安装提供 %2 的包的 %1 版本（或通用版本）；把 x86_64 的 Python（Rosetta）与 arm64 的 wheel 混用，或者反过来，都会造成这个问题。</translation>
    </message>
    <message>
        <source>No usable dylib for %1.</source>
        <translation>没有可用于 %1 的 dylib。</translation>
    </message>
    <message>
        <source>Reinstall the package that owns %1.</source>
        <translation>请重新安装 %1 所属的包。</translation>
    </message>
    <message>
        <source>Found but cannot be read.</source>
        <translation>找到了，但无法读取。</translation>
    </message>
    <message>
        <source>Check the file&apos;s permissions.</source>
        <translation>请检查该文件的权限。</translation>
    </message>
    <message>
        <source>Library not loaded: %1.</source>
        <translation>库未加载：%1。</translation>
    </message>
    <message>
        <source>@executable_path is the folder of the main executable, which is unknown when a library is analysed alone: pass the program that loads it (for a Python extension, the python3 binary) with --executable.</source>
        <translation>@executable_path 是主程序所在的文件夹，单独分析一个库时无从得知：请用 --executable 指定加载它的程序（对于 Python 扩展，就是 python3 可执行文件）。</translation>
    </message>
    <message>
        <source>No image on the way from the root to %1 has an LC_RPATH, so @rpath expands to nothing: add one (install_name_tool -add_rpath DIR %1).</source>
        <translation>从根到 %1 的路径上没有任何映像带有 LC_RPATH，所以 @rpath 展开为空：请添加一个（install_name_tool -add_rpath DIR %1）。</translation>
    </message>
    <message>
        <source>Install the package that provides %1, or add the folder that holds it with --path (DYLD_LIBRARY_PATH) or --search-dir.</source>
        <translation>请安装提供 %1 的包，或用 --path（DYLD_LIBRARY_PATH）或 --search-dir 添加它所在的文件夹。</translation>
    </message>
    <message>
        <source>A symbolic link to &quot;%1&quot;, which does not exist (or the links loop). A loader that is asked for this name skips it and keeps searching; if nothing needs this name, it is harmless.</source>
        <translation>一个指向“%1”的符号链接，而目标不存在（或链接成环）。被要求加载这个名字的加载器会跳过它并继续搜索；如果没有任何东西需要这个名字，它就无害。</translation>
    </message>
    <message>
        <source>No such file or folder: %1.</source>
        <translation>没有这个文件或文件夹：%1。</translation>
    </message>
    <message>
        <source>A %1 file, which a %2 loader cannot load (try --os %3).</source>
        <translation>一个 %1 文件，%2 的加载器无法加载它（请试试 --os %3）。</translation>
    </message>
    <message>
        <source>Not a regular file (a device, socket or pipe); a loader cannot map it.</source>
        <translation>不是普通文件（是设备、套接字或管道）；加载器无法映射它。</translation>
    </message>
    <message>
        <source>The file exists but cannot be read (%1). Check its permissions and that no antivirus or other program locks it.</source>
        <translation>文件存在但无法读取（%1）。请检查它的权限，并确认没有杀毒软件或其他程序锁定它。</translation>
    </message>
    <message>
        <source>Not a shared library: %1. If this file should be a library, it is damaged or was replaced; reinstall the package that owns it.</source>
        <translation>不是共享库：%1。如果这个文件本应是一个库，那么它已损坏或被替换；请重新安装它所属的包。</translation>
    </message>
    <message>
        <source>A damaged %1 file: %2. Reinstall the package that owns it.</source>
        <translation>一个损坏的 %1 文件：%2。请重新安装它所属的包。</translation>
    </message>
    <message>
        <source>Cannot list the folder: %1. Check its permissions.</source>
        <translation>无法列出文件夹内容：%1。请检查它的权限。</translation>
    </message>
    <message>
        <source>%1</source>
        <comment>an error message as the system or a file reader gave it</comment>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>undefined symbol: %1: %2 needs it</source>
        <translation>未定义的符号：%1：%2 需要它</translation>
    </message>
    <message numerus="yes">
        <source> (and %n more: %1)</source>
        <translation>
            <numerusform>（另有 %n 个：%1）</numerusform>
        </translation>
    </message>
    <message>
        <source>the library that provides it</source>
        <translation>提供它的库</translation>
    </message>
    <message>
        <source>%1, and no library of the process defines it. Install the version of %2 that %3 was built for.</source>
        <translation>%1，而进程中没有任何库定义它。请安装 %3 构建时所用的 %2 版本。</translation>
    </message>
    <message>
        <source>%1 from %2, but the copy that loads, %3 (%4), does not define it.</source>
        <translation>%1，应来自 %2，但实际加载的副本 %3（%4）没有定义它。</translation>
    </message>
    <message>
        <source>The copy at %1 has it but comes later in the search order: take %2 out of %3 where it is set, so that it loads.</source>
        <translation>%1 处的副本有它，但在搜索顺序中排在后面：请在设置 %3 的地方把 %2 从中移除，让那份副本被加载。</translation>
    </message>
    <message>
        <source>The copy at %1 has it but comes later in the search order: remove or update the copy that loads.</source>
        <translation>%1 处的副本有它，但在搜索顺序中排在后面：请移除或更新实际加载的那份副本。</translation>
    </message>
    <message>
        <source>Update the package that provides %1 to the version %2 was built for.</source>
        <translation>请把提供 %1 的包更新到 %2 构建时所用的版本。</translation>
    </message>
    <message>
        <source>%1 (%2) is loaded; a different copy at %3 (%4) is never used, because %5 comes before %6 in %7, and %7 is searched in order.</source>
        <translation>加载的是 %1（%2）；位于 %3（%4）的另一份副本永远不会被使用，因为在 %7 中 %5 排在 %6 之前，而 %7 是按顺序搜索的。</translation>
    </message>
    <message numerus="yes">
        <source>The copy that loads lacks %n function(s) that %1 imports from it (%2): the load fails with [WinError 127] The specified procedure could not be found.</source>
        <translation>
            <numerusform>加载的副本缺少 %1 从中导入的 %n 个函数（%2）：加载失败，报 [WinError 127] 找不到指定的程序。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The copy that loads lacks %n function(s) that %1 imports from it (%2): the first call into them fails.</source>
        <translation>
            <numerusform>加载的副本缺少 %1 从中导入的 %n 个函数（%2）：第一次调用它们时就会失败。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was linked with the MSVC %2 toolset; a VC++ runtime DLL serves only modules linked with a toolset no newer than itself, and the copy that loads is %3.</source>
        <translation>%1 是用 MSVC %2 工具集链接的；VC++ 运行库 DLL 只能服务于用不比它自身更新的工具集链接的模块，而加载的副本是 %3。</translation>
    </message>
    <message>
        <source>ld.so stops at %1 (via %2): %3. A file with the library&apos;s name that cannot be loaded ends the search with an error. Remove it, or put a good copy in its place.</source>
        <translation>ld.so 停在了 %1（经由 %2）：%3。与库同名但无法加载的文件会让搜索以错误结束。请删除它，或放一个完好的副本在那里。</translation>
    </message>
</context>
<context>
    <name>ProcessResult</name>
    <message>
        <source>exited with %1</source>
        <translation>退出码为 %1</translation>
    </message>
    <message>
        <source>crashed with 0x%1 (%2)</source>
        <translation>以 0x%1（%2）崩溃</translation>
    </message>
    <message>
        <source>killed by %1</source>
        <translation>被 %1 终止</translation>
    </message>
    <message>
        <source>timed out after %1 s</source>
        <translation>%1 秒后超时</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>could not start: %1</source>
        <translation>无法启动：%1</translation>
    </message>
</context>
<context>
    <name>PythonCheck</name>
    <message>
        <source>Is the Python interpreter one PyTorch supports?</source>
        <translation>这个 Python 解释器受 PyTorch 支持吗？</translation>
    </message>
    <message>
        <source>No Python interpreter was found</source>
        <translation>没有找到 Python 解释器</translation>
    </message>
    <message>
        <source>it could not be run</source>
        <translation>无法运行它</translation>
    </message>
    <message>
        <source>%1 does not work as a Python interpreter</source>
        <translation>%1 无法作为 Python 解释器使用</translation>
    </message>
    <message>
        <source>%1: %2. Name a working interpreter with --python.</source>
        <translation>%1：%2。请用 --python 指定一个可用的解释器。</translation>
    </message>
    <message>
        <source>This Python is 32-bit</source>
        <translation>这个 Python 是 32 位的</translation>
    </message>
    <message>
        <source>PyTorch publishes 64-bit builds only, and a 32-bit process cannot load 64-bit DLLs (WinError 193). Install a 64-bit Python and PyTorch into it.</source>
        <translation>PyTorch 只发布 64 位版本，而 32 位进程无法加载 64 位 DLL（WinError 193）。请安装 64 位 Python，并在其中安装 PyTorch。</translation>
    </message>
    <message>
        <source>PyTorch publishes no builds for %1 on this system</source>
        <translation>PyTorch 没有为本系统上的 %1 发布版本</translation>
    </message>
    <message>
        <source>Current PyTorch releases for macOS are for Apple silicon (arm64) only. An x86_64 Python (for example one running under Rosetta) cannot install them: use an arm64 Python.</source>
        <translation>当前 PyTorch 的 macOS 版本只支持 Apple 芯片（arm64）。x86_64 的 Python（例如在 Rosetta 下运行的）无法安装它们：请使用 arm64 的 Python。</translation>
    </message>
    <message>
        <source>Wheels exist for Linux x86_64 and aarch64, Windows x86_64 and macOS arm64.</source>
        <translation>提供 wheel 的平台有 Linux x86_64 和 aarch64、Windows x86_64 以及 macOS arm64。</translation>
    </message>
    <message>
        <source>TorchDoctor itself runs under Rosetta</source>
        <translation>TorchDoctor 本身运行在 Rosetta 下</translation>
    </message>
    <message>
        <source>This is an Apple silicon Mac running x86_64 code. A Python running the same way loads x86_64 libraries only, and PyTorch&apos;s macOS builds are arm64 only.</source>
        <translation>这是一台运行 x86_64 代码的 Apple 芯片 Mac。以同样方式运行的 Python 只能加载 x86_64 库，而 PyTorch 的 macOS 版本只有 arm64。</translation>
    </message>
    <message>
        <source>Python %1 is not supported by torch %2</source>
        <translation>torch %2 不支持 Python %1</translation>
    </message>
    <message>
        <source>torch %1 supports Python %2. Use a Python in that range (a venv with the right version is simplest), or a torch release that supports Python %3.</source>
        <translation>torch %1 支持 Python %2。请使用该范围内的 Python（用对应版本建一个 venv 最简单），或使用支持 Python %3 的 torch 版本。</translation>
    </message>
    <message>
        <source>Python %1 is only experimental for torch %2</source>
        <translation>torch %2 对 Python %1 的支持仅为实验性</translation>
    </message>
    <message>
        <source>torch %1 fully supports Python %2; builds for %3 are experimental and some features may be missing.</source>
        <translation>torch %1 完全支持 Python %2；%3 的版本是实验性的，可能缺少部分功能。</translation>
    </message>
    <message>
        <source>Python %1 is likely not supported by torch %2</source>
        <translation>torch %2 很可能不支持 Python %1</translation>
    </message>
    <message>
        <source>or choose its program with Browse… on the first page.</source>
        <translation>或在第一页用“浏览…”选择它的程序文件。</translation>
    </message>
    <message>
        <source>or name one with --python.</source>
        <translation>或用 --python 指定一个。</translation>
    </message>
    <message>
        <source>No python.exe is on PATH, the Python launcher (py -0p) lists none, none is registered under HKEY_CURRENT_USER or HKEY_LOCAL_MACHINE\Software\Python (PEP 514), none is in a conda, pyenv-win or uv folder, and no interpreter was named. Install Python from python.org (64-bit, a version PyTorch supports) %1</source>
        <translation>PATH 中没有 python.exe，Python 启动器（py -0p）没有列出任何解释器，HKEY_CURRENT_USER 和 HKEY_LOCAL_MACHINE\Software\Python（PEP 514）下没有注册任何解释器，conda、pyenv-win 和 uv 的文件夹中也没有，也没有指定解释器。请从 python.org 安装 Python（64 位、PyTorch 支持的版本），%1</translation>
    </message>
    <message>
        <source>Neither python3 nor python is on PATH, and no interpreter was named. Install Python (64-bit, a version PyTorch supports) %1</source>
        <translation>PATH 中既没有 python3 也没有 python，也没有指定解释器。请安装 Python（64 位、PyTorch 支持的版本），%1</translation>
    </message>
    <message>
        <source>%1: %2. Choose a working interpreter on the first page.</source>
        <translation>%1：%2。请在第一页选择一个可用的解释器。</translation>
    </message>
    <message>
        <source>%1 takes too long to start</source>
        <translation>%1 启动太慢</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s. A Python that starts this slowly runs something of its own at startup: a .pth file in its site-packages, sitecustomize.py or usercustomize.py, or the file PYTHONSTARTUP names. Run `%1 -X importtime -c pass` in a terminal to see what takes the time, and remove or fix it; or choose another interpreter.</source>
        <translation>%1 在 %2 秒内没有响应。启动这么慢的 Python 会在启动时运行它自己的某些东西：site-packages 中的 .pth 文件、sitecustomize.py 或 usercustomize.py，或 PYTHONSTARTUP 指定的文件。请在终端中运行 `%1 -X importtime -c pass` 查看是什么占用了时间，然后删除或修正它；或者选择另一个解释器。</translation>
    </message>
    <message>
        <source>the entry %1 of %2</source>
        <translation>%2 中的条目 %1</translation>
    </message>
    <message>
        <source>%1 keeps %2 from starting</source>
        <translation>%1 使 %2 无法启动</translation>
    </message>
    <message>
        <source>%1 does not start with %2 set (%3). Started without it, it works: the environment is at fault, not this Python. %4</source>
        <translation>设置了 %2 时，%1 无法启动（%3）。去掉它再启动，就能正常运行：问题出在环境，而不是这个 Python。%4</translation>
    </message>
</context>
<context>
    <name>ReinstallPlanner</name>
    <message>
        <source>Reinstall PyTorch</source>
        <translation>重新安装 PyTorch</translation>
    </message>
    <message>
        <source>No usable Python interpreter was found: there is nothing to install into.</source>
        <translation>没有找到可用的 Python 解释器：无处可装。</translation>
    </message>
    <message>
        <source>torch %1 has no build for this machine (Python %2, this GPU and driver): the plan installs torch %3 instead.</source>
        <translation>torch %1 没有适合本机（Python %2、这块 GPU 和驱动）的版本：计划改为安装 torch %3。</translation>
    </message>
    <message>
        <source>No PyTorch release has a build for Python %1 on this machine.</source>
        <translation>没有任何 PyTorch 版本为本机上的 Python %1 提供构建。</translation>
    </message>
    <message>
        <source>No PyTorch build covers this GPU (compute capability %1.%2): the CPU build is planned.</source>
        <translation>没有 PyTorch 版本支持这块 GPU（计算能力 %1.%2）：计划安装 CPU 版本。</translation>
    </message>
    <message>
        <source>The NVIDIA driver %1 is too old for every CUDA build: the CPU build is planned. Update the driver to use the GPU.</source>
        <translation>NVIDIA 驱动 %1 对所有 CUDA 版本来说都太旧：计划安装 CPU 版本。要使用 GPU，请更新驱动。</translation>
    </message>
    <message>
        <source>Which %1 goes with torch %2 is not known: pip picks one.</source>
        <translation>不清楚哪个 %1 与 torch %2 配套：由 pip 选择。</translation>
    </message>
    <message>
        <source>torch was installed by uv, but uv is not on PATH: pip is used instead.</source>
        <translation>torch 是用 uv 安装的，但 PATH 中没有 uv：改用 pip。</translation>
    </message>
    <message>
        <source>torch in this environment came from conda. Installing with pip into a conda environment mixes two package managers: conda does not know what pip changed, and a later `conda install` or `conda update` can break torch again. The conda way instead: `%1`.</source>
        <translation>这个环境中的 torch 来自 conda。在 conda 环境中用 pip 安装会混用两个包管理器：conda 不知道 pip 改了什么，之后的 `conda install` 或 `conda update` 可能再次弄坏 torch。conda 的做法是：`%1`。</translation>
    </message>
    <message>
        <source>Packages the install pulls in (nvidia-*, triton, ...) stay after undo.</source>
        <translation>安装时连带装上的软件包（nvidia-*、triton 等）在撤销后仍会保留。</translation>
    </message>
    <message>
        <source>Reinstall torch %1 (%2) with %3 from %4</source>
        <translation>用 %3 从 %4 重新安装 torch %1（%2）</translation>
    </message>
    <message>
        <source>the configured index</source>
        <translation>已配置的索引</translation>
    </message>
    <message>
        <source>The torch of %1 belongs to the distribution package %2 (%3): pip must not change the package manager&apos;s files (Debian and others refuse it as an &quot;externally managed environment&quot;).</source>
        <translation>%1 的 torch 属于发行版软件包 %2（%3）：pip 不得修改包管理器的文件（Debian 等发行版会以“externally managed environment”拒绝）。</translation>
    </message>
    <message>
        <source>Nothing to undo: the step puts back %1&apos;s own files at the version installed now (%2); no other package changes.</source>
        <translation>无需撤销：此步骤只是按当前安装的版本（%2）恢复 %1 自己的文件，其他软件包不变。</translation>
    </message>
    <message>
        <source>Reinstall the distribution&apos;s %1 with %2</source>
        <translation>用 %2 重新安装发行版的 %1</translation>
    </message>
    <message>
        <source>The plan makes a venv beside it instead, with torch %1 (%2): run your programs with %3 (in a terminal: `source %4/bin/activate`).</source>
        <translation>因此本方案在旁边新建一个 venv，安装 torch %1（%2）：请用 %3 运行您的程序（在终端中：`source %4/bin/activate`）。</translation>
    </message>
    <message>
        <source>Install torch %1 (%2) into a new venv %3, beside the distribution&apos;s %4</source>
        <translation>将 torch %1（%2）安装到新的 venv %3，与发行版的 %4 并存</translation>
    </message>
    <message>
        <source>torch %1 is installed, but the wheels it requires that ship %2 are not: the plan installs exactly those, at the versions torch&apos;s metadata pins, and leaves torch as it is.</source>
        <translation>torch %1 已安装，但它所依赖的、提供 %2 的 wheel 没有安装：此方案只安装这些 wheel，版本与 torch 元数据中固定的一致，torch 本身保持不变。</translation>
    </message>
    <message>
        <source>Install the wheels torch %1 requires: %2</source>
        <translation>安装 torch %1 所依赖的 wheel：%2</translation>
    </message>
    <message>
        <source>Reinstall torch %1</source>
        <translation>重新安装 torch %1</translation>
    </message>
    <message>
        <source>%1 has no pip (an embeddable Python ships without it): pip runs from its wheel, %2, and is not installed into it.</source>
        <translation>%1 没有 pip（嵌入式 Python 本身不带 pip）：pip 将从它的 wheel（%2）运行，不会被安装进去。</translation>
    </message>
    <message>
        <source>Undoing this repair removes %1 and everything installed into it; %2 and its %3 stay as they are.</source>
        <translation>撤销此修复会删除 %1 及其中安装的一切；%2 及其 %3 保持不变。</translation>
    </message>
    <message>
        <source>Before the step, every installed distribution and its version is recorded (kept in the journal); undoing this repair uninstalls what the step added and puts back any version it changed.</source>
        <translation>执行该步骤前，会记录每个已安装的发行包及其版本（保存在日志中）；撤销此修复会卸载该步骤新增的包，并恢复它改动过的版本。</translation>
    </message>
    <message>
        <source>Undoing this repair uninstalls what it installs: `%1`.</source>
        <translation>撤销此修复会卸载它安装的内容：`%1`。</translation>
    </message>
    <message>
        <source>%1 has no pip (an embeddable Python ships without it), so nothing can install torch into it. Put pip&apos;s wheel (pip-*-py3-none-any.whl, from PyPI) into a folder and %2: pip then runs from its wheel. A portable build&apos;s own updater (update\update_comfyui_and_python_dependencies.bat in ComfyUI&apos;s) works too.</source>
        <translation>%1 没有 pip（嵌入式 Python 本身不带 pip），因此无法向其中安装 torch。请把 pip 的 wheel（PyPI 上的 pip-*-py3-none-any.whl）放进一个文件夹，并%2：pip 会直接从它的 wheel 运行。便携版自带的更新程序（ComfyUI 中的 update\update_comfyui_and_python_dependencies.bat）也可以。</translation>
    </message>
    <message>
        <source>choose that folder under Wheels from a folder on the reinstall page</source>
        <translation>在重新安装页的“从文件夹获取 wheel”中选择该文件夹</translation>
    </message>
    <message>
        <source>pass that folder with --find-links</source>
        <translation>用 --find-links 传入该文件夹</translation>
    </message>
    <message>
        <source>Install the %1 built for the installed torch</source>
        <translation>安装为当前 torch 构建的 %1</translation>
    </message>
    <message>
        <source>Reinstall exactly %1</source>
        <translation>只重新安装 %1</translation>
    </message>
    <message>
        <source>Install exactly %1</source>
        <translation>只安装 %1</translation>
    </message>
    <message>
        <source>%1 has no pip (an embeddable Python ships without it), so nothing can install into it. Put pip&apos;s wheel (pip-*-py3-none-any.whl, from PyPI) into a folder and %2: pip then runs from its wheel.</source>
        <translation>%1 没有 pip（嵌入式 Python 不带 pip），所以无法向其中安装任何东西。请把 pip 的 wheel（pip-*-py3-none-any.whl，来自 PyPI）放进一个文件夹，然后%2：pip 会直接从该 wheel 运行。</translation>
    </message>
    <message>
        <source>Nothing but %1 changes: every other distribution stays as it is.</source>
        <translation>只有 %1 会改变：其他所有发行包都保持原样。</translation>
    </message>
    <message>
        <source>Requirements the new version adds stay after undo.</source>
        <translation>新版本额外安装的依赖在撤销后会保留。</translation>
    </message>
    <message>
        <source>%1 (and nvidia-*, triton)</source>
        <translation>%1（以及 nvidia-*、triton）</translation>
    </message>
    <message>
        <source>Before the step, the files of %1 are kept beside the journal (as links where the disk allows, else copies); undoing this repair removes what the step installed under those names and puts exactly the kept files back, checked against their RECORD hashes first. Nothing is downloaded for it; until then the kept files take the old version&apos;s room on disk.</source>
        <translation>执行这一步之前，%1 的文件会保存在日志旁边（磁盘允许时用硬链接，否则复制）；撤销此修复会删除这一步以这些名称安装的内容，并先按 RECORD 中的哈希校验，再原样放回保存的文件。撤销无需下载任何东西；在此之前，保存的文件会占用旧版本所需的磁盘空间。</translation>
    </message>
    <message>
        <source>Left for later, as nothing fails for it: %1. Once this repair works, `torchdoctor fix reinstall` installs it on its own.</source>
        <translation>暂不处理，因为它没有导致任何失败：%1。此修复生效后，再运行 `torchdoctor fix reinstall` 会单独安装它。</translation>
    </message>
    <message>
        <source>Install %1, built for the installed torch</source>
        <translation>安装 %1（为已安装的 torch 构建）</translation>
    </message>
</context>
<context>
    <name>RepairRun</name>
    <message>
        <source>the check before the repair failed; nothing was changed.</source>
        <translation>修复前的检查失败；没有做任何更改。</translation>
    </message>
</context>
<context>
    <name>Repairs</name>
    <message>
        <source>No environment variable gets in PyTorch&apos;s way.</source>
        <translation>没有环境变量妨碍 PyTorch。</translation>
    </message>
    <message>
        <source>Open a new terminal to use it.</source>
        <translation>请打开一个新终端来使用。</translation>
    </message>
    <message>
        <source>torch is installed and imports, and its build fits this machine.</source>
        <translation>torch 已安装且能导入，其版本也适合本机。</translation>
    </message>
    <message>
        <source>Installs %1 with %2.</source>
        <translation>用 %2 安装 %1。</translation>
    </message>
    <message>
        <source>Looking for torch %1 in %2...</source>
        <translation>正在 %2 中查找 torch %1…</translation>
    </message>
    <message>
        <source>Asking %1 for torch %2...</source>
        <translation>正在向 %1 查询 torch %2…</translation>
    </message>
    <message>
        <source>Clones %1 into %2.</source>
        <translation>把 %1 克隆到 %2。</translation>
    </message>
    <message>
        <source>Builds and starts the project&apos;s containers with docker compose, instead of repairing this machine&apos;s Python.</source>
        <translation>用 docker compose 构建并启动项目的容器，而不是修复本机的 Python。</translation>
    </message>
    <message>
        <source>Asking the Docker daemon whether it runs...</source>
        <translation>正在询问 Docker 守护进程是否在运行…</translation>
    </message>
    <message>
        <source>Nothing points at the system: no missing runtime, system library or driver.</source>
        <translation>没有迹象指向系统：不缺运行库、系统库或驱动。</translation>
    </message>
    <message>
        <source>Installs what the system lacks, each step that needs administrator rights elevated on its own.</source>
        <translation>安装系统缺少的组件，需要管理员权限的每个步骤单独提权。</translation>
    </message>
    <message>
        <source>the Docker daemon does not answer (%1); nothing was changed. Start Docker, then try again.</source>
        <translation>Docker 守护进程没有响应（%1）；没有做任何更改。请启动 Docker 后重试。</translation>
    </message>
    <message>
        <source>torch %1 is not there</source>
        <translation>那里没有 torch %1</translation>
    </message>
    <message>
        <source>the wheelhouse has no usable torch %1: %2; nothing was changed.</source>
        <translation>本地 wheel 仓库中没有可用的 torch %1：%2；没有做任何更改。</translation>
    </message>
    <message>
        <source>`docker compose ps` failed: %1</source>
        <translation>`docker compose ps` 失败：%1</translation>
    </message>
    <message>
        <source>not running: %1 (see `docker compose -f %2 logs`)</source>
        <translation>未运行：%1（见 `docker compose -f %2 logs`）</translation>
    </message>
    <message>
        <source>running: %1</source>
        <translation>运行中：%1</translation>
    </message>
    <message>
        <source>Removes exactly the entries that get in PyTorch&apos;s way where they are set (startup files, or the user&apos;s registry on Windows), keeping everything else.</source>
        <translation>在设置这些条目的地方（启动文件，或 Windows 上的用户注册表）准确删除妨碍 PyTorch 的条目，其他内容保持不变。</translation>
    </message>
    <message>
        <source>Run your programs with %1 from now on.</source>
        <translation>从现在起请用 %1 运行您的程序。</translation>
    </message>
    <message>
        <source>%1 cannot be reached: %2; nothing was changed. Without network, download the wheels into a folder elsewhere and %3.</source>
        <translation>无法访问 %1：%2；没有做任何更改。没有网络时，请在别处把 wheel 下载到一个文件夹中，并%3。</translation>
    </message>
    <message>
        <source>Takes out exactly the .pth line or the file of your own that Python imports instead of the installed copy, keeping everything else.</source>
        <translation>只移走让 Python 代替已安装副本而导入的那一行 .pth 或你自己的那个文件，其他内容保持不变。</translation>
    </message>
    <message>
        <source>Start your program again.</source>
        <translation>请重新启动你的程序。</translation>
    </message>
</context>
<context>
    <name>ShellEnv</name>
    <message>
        <source>removed by TorchDoctor: %1</source>
        <translation>已由 TorchDoctor 移除：%1</translation>
    </message>
</context>
<context>
    <name>SupportReport</name>
    <message>
        <source>N/A</source>
        <translation>无</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>yes (%1 ms)</source>
        <translation>是（%1 毫秒）</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>否：“%1”</translation>
    </message>
    <message>
        <source>PyTorch version</source>
        <translation>PyTorch 版本</translation>
    </message>
    <message>
        <source>CUDA used to build PyTorch</source>
        <translation>构建 PyTorch 所用的 CUDA</translation>
    </message>
    <message>
        <source>Imports</source>
        <translation>能否导入</translation>
    </message>
    <message>
        <source>Is CUDA available</source>
        <translation>CUDA 是否可用</translation>
    </message>
    <message>
        <source>True</source>
        <translation>是</translation>
    </message>
    <message>
        <source>False</source>
        <translation>否</translation>
    </message>
    <message>
        <source>cuDNN version</source>
        <translation>cuDNN 版本</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Libc version</source>
        <translation>Libc 版本</translation>
    </message>
    <message>
        <source>Python version</source>
        <translation>Python 版本</translation>
    </message>
    <message>
        <source>%1 (%2-bit runtime)</source>
        <translation>%1（%2 位运行时）</translation>
    </message>
    <message>
        <source>Python executable</source>
        <translation>Python 可执行文件</translation>
    </message>
    <message>
        <source>Nvidia driver version</source>
        <translation>NVIDIA 驱动版本</translation>
    </message>
    <message>
        <source> (supports CUDA %1)</source>
        <translation>（支持 CUDA %1）</translation>
    </message>
    <message>
        <source>no NVIDIA driver found</source>
        <translation>未找到 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>GPU models and configuration</source>
        <translation>GPU 型号与配置</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Versions of relevant libraries</source>
        <translation>相关库的版本</translation>
    </message>
    <message>
        <source>✓ No issues found</source>
        <translation>✓ 没有发现问题</translation>
    </message>
    <message>
        <source>%1 %2 error(s), %3 warning(s)</source>
        <translation>%1 %2 个错误，%3 个警告</translation>
    </message>
    <message>
        <source>Created %1 by %2 %3 · knowledge base of %4, %5 · %6</source>
        <translation>由 %2 %3 于 %1 生成 · 知识库日期 %4，%5 · %6</translation>
    </message>
    <message>
        <source>release list %1 of %2</source>
        <translation>版本列表：%1（%2）</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>随程序附带</translation>
    </message>
    <message>
        <source>personal data and secrets redacted</source>
        <translation>个人信息与密钥已脱敏</translation>
    </message>
    <message>
        <source>NOT REDACTED: for local use only, do not share</source>
        <translation>未脱敏：仅供本机使用，请勿分享</translation>
    </message>
    <message>
        <source>NOT REDACTED: this report may hold user names, paths and secrets. Keep it for local use; do not share it.</source>
        <translation>未脱敏：本报告可能包含用户名、路径和密钥。请仅在本机使用，不要分享。</translation>
    </message>
    <message>
        <source>NOT REDACTED: for local use only, do not share.

</source>
        <translation>未脱敏：仅供本机使用，请勿分享。

</translation>
    </message>
    <message>
        <source># TorchDoctor report

</source>
        <translation># TorchDoctor 报告

</translation>
    </message>
    <message>
        <source>NOT REDACTED: this report may hold personal data and secrets.</source>
        <translation>未脱敏：本报告可能包含个人信息和密钥。</translation>
    </message>
    <message>
        <source>## Summary

</source>
        <translation>## 概要

</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>## Findings

</source>
        <translation>## 发现的问题

</translation>
    </message>
    <message>
        <source>No problems were found.

</source>
        <translation>没有发现问题。

</translation>
    </message>
    <message>
        <source>Failing dependency chain</source>
        <translation>加载失败的依赖链</translation>
    </message>
    <message>
        <source>Repairs that apply:</source>
        <translation>适用的修复：</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Python interpreters found (%1)</source>
        <translation>找到的 Python 解释器（%1）</translation>
    </message>
    <message>
        <source>Interpreter</source>
        <translation>解释器</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>torch</source>
        <translation>torch</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Environment variables (%1)</source>
        <translation>环境变量（%1）</translation>
    </message>
    <message>
        <source>Log (last %1 lines)</source>
        <translation>日志（最后 %1 行）</translation>
    </message>
    <message>
        <source>TorchDoctor report</source>
        <translation>TorchDoctor 报告</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现的问题</translation>
    </message>
    <message>
        <source>No problems were found.</source>
        <translation>没有发现问题。</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>started</source>
        <translation>已开始</translation>
    </message>
    <message>
        <source>it worked: the check after it no longer finds what it was for</source>
        <translation>成功：之后的检查不再发现它要解决的问题</translation>
    </message>
    <message>
        <source>it ran, but the check after it still finds what it was for</source>
        <translation>已执行，但之后的检查仍发现它要解决的问题</translation>
    </message>
    <message>
        <source>declined: nothing was changed</source>
        <translation>已拒绝：没有做任何更改</translation>
    </message>
    <message>
        <source>it could not go ahead: nothing was changed</source>
        <translation>无法进行：没有做任何更改</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>a step failed</source>
        <translation>有一个步骤失败</translation>
    </message>
    <message>
        <source>the check after it did not finish</source>
        <translation>之后的检查没有完成</translation>
    </message>
    <message>
        <source>every step ran</source>
        <translation>所有步骤均已执行</translation>
    </message>
    <message>
        <source>it stopped before its end</source>
        <translation>在完成之前停止了</translation>
    </message>
    <message>
        <source>the journal could not be written: nothing ran</source>
        <translation>无法写入日志：没有执行任何步骤</translation>
    </message>
    <message>
        <source>%1. Repair (%2), %3: %4 — %5</source>
        <translation>%1. 修复（%2），%3：%4 — %5</translation>
    </message>
    <message>
        <source>For: %1</source>
        <translation>针对：%1</translation>
    </message>
    <message>
        <source>Step: %1 (%2)</source>
        <translation>步骤：%1（%2）</translation>
    </message>
    <message>
        <source>Undone later (journal entry %1).</source>
        <translation>之后已撤销（日志条目 %1）。</translation>
    </message>
    <message>
        <source>%1. Undo of %2, %3 — %4</source>
        <translation>%1. 撤销 %2，%3 — %4</translation>
    </message>
    <message>
        <source>First diagnosis</source>
        <translation>首次诊断</translation>
    </message>
    <message>
        <source>State now</source>
        <translation>当前状态</translation>
    </message>
    <message>
        <source>Check after the repair</source>
        <translation>修复后的检查</translation>
    </message>
    <message>
        <source>Check after the undo</source>
        <translation>撤销后的检查</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>再次检查</translation>
    </message>
    <message>
        <source>%1. %2, %3: %4</source>
        <translation>%1. %2，%3：%4</translation>
    </message>
    <message>
        <source>It was cancelled: what it found is incomplete.</source>
        <translation>检查已取消：其结果不完整。</translation>
    </message>
    <message>
        <source>Journal entry: %1</source>
        <translation>日志条目：%1</translation>
    </message>
    <message>
        <source>What happened:</source>
        <translation>经过：</translation>
    </message>
    <message>
        <source>## What happened

</source>
        <translation>## 经过

</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>经过</translation>
    </message>
    <message>
        <source>; in a new terminal, no: %1</source>
        <translation>；在新终端中：否：“%1”</translation>
    </message>
    <message>
        <source>Check of another Python, %1</source>
        <translation>检查另一个 Python：%1</translation>
    </message>
</context>
<context>
    <name>SwitchPlanner</name>
    <message>
        <source>Run %1 instead</source>
        <translation>改用 %1 运行</translation>
    </message>
    <message>
        <source>Nothing here can be changed to make the project or a terminal run %1: run your programs with it by its path.</source>
        <translation>这里没有可以修改的设置能让项目或终端运行 %1：请用它的完整路径运行您的程序。</translation>
    </message>
    <message>
        <source>Make pyenv&apos;s %1 run %2</source>
        <translation>让 pyenv 的 %1 运行 %2</translation>
    </message>
    <message>
        <source>Undoing this repair puts %1 back as it was.</source>
        <translation>撤销此修复会把 %1 恢复原样。</translation>
    </message>
    <message>
        <source>Open a new terminal: `%1` runs %2 there.</source>
        <translation>请打开一个新终端：在那里 `%1` 会运行 %2。</translation>
    </message>
    <message>
        <source>Make the project&apos;s venv %1 on %2</source>
        <translation>在 %2 上重建项目的虚拟环境 %1</translation>
    </message>
    <message>
        <source>Undoing this repair removes the new venv and puts the old one back from %1.</source>
        <translation>撤销此修复会删除新的虚拟环境，并从 %1 放回原来的虚拟环境。</translation>
    </message>
    <message>
        <source>Undoing this repair removes the venv %1.</source>
        <translation>撤销此修复会删除虚拟环境 %1。</translation>
    </message>
    <message>
        <source>Run your programs with %1 from now on (in a terminal, activate the venv first).</source>
        <translation>从现在起请用 %1 运行您的程序（在终端中请先激活该虚拟环境）。</translation>
    </message>
    <message>
        <source>Nothing is installed: torch %1 of %2 is used as it is.</source>
        <translation>不安装任何东西：直接使用 %2 中现有的 torch %1。</translation>
    </message>
</context>
<context>
    <name>Symptoms</name>
    <message>
        <source>%1 (%2)</source>
        <comment>a library (what it lacks)</comment>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1，以及另外 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Because of it, %n librar(ies) cannot load: %1.</source>
        <translation>
            <numerusform>因此有 %n 个库无法加载：%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 lacks what %n other librar(ies) need</source>
        <translation>
            <numerusform>%1 缺少另外 %n 个库所需的内容</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>Because of it, `import torch` fails.</source>
        <translation>因此 `import torch` 失败。</translation>
    </message>
    <message numerus="yes">
        <source>Because of it, `import torch` fails and %n librar(ies) cannot load: %1.</source>
        <translation>
            <numerusform>因此 `import torch` 失败，并有 %n 个库无法加载：%1。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SystemPlanner</name>
    <message>
        <source>Repair the system</source>
        <translation>修复系统</translation>
    </message>
    <message>
        <source>NVIDIA driver: install the current driver for your GPU from https://www.nvidia.com/Download/index.aspx (Linux: your distribution&apos;s nvidia-driver package), then restart.</source>
        <translation>NVIDIA 驱动：请从 https://www.nvidia.com/Download/index.aspx 安装适合你的 GPU 的最新驱动（Linux：使用发行版的 nvidia-driver 软件包），然后重启。</translation>
    </message>
    <message>
        <source>NVIDIA driver: this torch needs driver %1 or newer. Install it from https://www.nvidia.com/Download/index.aspx (Linux: your distribution&apos;s nvidia-driver package), then restart.</source>
        <translation>NVIDIA 驱动：这个 torch 需要 %1 或更新的驱动。请从 https://www.nvidia.com/Download/index.aspx 安装（Linux：使用发行版的 nvidia-driver 软件包），然后重启。</translation>
    </message>
    <message>
        <source>%1 is older than torch needs (%2 is missing). A distribution keeps one version of it per release: a newer release, or a torch built for this one, is the way out; a copy in LD_LIBRARY_PATH or a conda environment is what the environment repair looks at.</source>
        <translation>%1 比 torch 所需的旧（缺少 %2）。发行版的每个版本只保留它的一个版本：出路是升级到更新的发行版，或使用为当前发行版构建的 torch；LD_LIBRARY_PATH 或 conda 环境中的副本则由环境变量修复处理。</translation>
    </message>
    <message>
        <source>%1 is not a library of the system: the reinstall repair brings it with torch.</source>
        <translation>%1 不是系统库：重新安装修复会随 torch 一起带来它。</translation>
    </message>
    <message>
        <source>Install %1 with your distribution&apos;s package manager (TorchDoctor does not know this distribution&apos;s).</source>
        <translation>请用发行版的包管理器安装 %1（TorchDoctor 不了解这个发行版的包管理器）。</translation>
    </message>
    <message>
        <source>%1 is installed but its library is gone: it is installed again (undo leaves it installed).</source>
        <translation>%1 已安装，但其库文件不见了：将重新安装它（撤销后它仍保持安装状态）。</translation>
    </message>
    <message>
        <source>Install the Visual C++ 2015-2022 Redistributable from Microsoft: %1 (winget is not available here). Never copy msvcp140.dll or vcruntime140.dll from a download site.</source>
        <translation>请从微软安装 Visual C++ 2015-2022 可再发行组件包：%1（这里没有 winget）。切勿从下载站复制 msvcp140.dll 或 vcruntime140.dll。</translation>
    </message>
    <message>
        <source>The runtime installer asks for administrator rights itself. Undo leaves it installed: other programs use it too.</source>
        <translation>运行库安装程序会自行请求管理员权限。撤销后它仍保持安装状态：其他程序也在使用它。</translation>
    </message>
    <message>
        <source>DISM and sfc restore Windows&apos; own files; there is nothing to undo. UsoClient StartScan asks Windows Update to look for updates (the old `wuauclt /detectnow` does nothing on Windows 10 and 11); install what it finds in Settings &gt; Windows Update.</source>
        <translation>DISM 和 sfc 修复 Windows 自身的文件，没有可撤销的内容。UsoClient StartScan 让 Windows 更新检查更新（旧的 `wuauclt /detectnow` 在 Windows 10 和 11 上不起作用）；请在“设置 &gt; Windows 更新”中安装找到的更新。</translation>
    </message>
    <message>
        <source>Not regsvr32: torch&apos;s DLLs (fbgemm.dll, c10.dll, ...) are not COM servers, so `regsvr32` cannot register them and changes nothing; a DLL that fails to load lacks one of its dependencies, which is what this repair installs.</source>
        <translation>不要用 regsvr32：torch 的 DLL（fbgemm.dll、c10.dll 等）不是 COM 服务器，`regsvr32` 无法注册它们，也不会改变任何东西；加载失败的 DLL 是缺少了某个依赖，而这正是此修复要安装的。</translation>
    </message>
    <message>
        <source>libomp.dylib comes from Homebrew&apos;s libomp: install Homebrew (https://brew.sh), then `brew install libomp`.</source>
        <translation>libomp.dylib 来自 Homebrew 的 libomp：请安装 Homebrew（https://brew.sh），然后运行 `brew install libomp`。</translation>
    </message>
    <message>
        <source>xcode-select --install opens Apple&apos;s installer for the command line tools; finish it there.</source>
        <translation>xcode-select --install 会打开苹果的命令行工具安装程序；请在其中完成安装。</translation>
    </message>
    <message>
        <source>%1 cannot be read: set KMP_DUPLICATE_LIB_OK=TRUE yourself if you accept the risk.</source>
        <translation>无法读取 %1：如果你愿意承担风险，请自行设置 KMP_DUPLICATE_LIB_OK=TRUE。</translation>
    </message>
    <message>
        <source>Last resort: KMP_DUPLICATE_LIB_OK=TRUE lets two OpenMP runtimes load into one process. Intel&apos;s own words: &quot;That is dangerous, since it can degrade performance or cause incorrect results ... an unsafe, unsupported, undocumented workaround ... may cause crashes or silently produce incorrect results.&quot; Prefer the reinstall repair, which removes the second runtime; undo this as soon as it is gone.</source>
        <translation>最后手段：KMP_DUPLICATE_LIB_OK=TRUE 允许两个 OpenMP 运行库加载到同一进程中。Intel 的原话是：“这很危险，可能降低性能或导致错误的结果……这是一种不安全、不受支持、没有文档的变通办法……可能导致崩溃或悄无声息地产生错误的结果。”请优先使用重新安装修复，它会去掉第二个运行库；一旦去掉，请立即撤销此设置。</translation>
    </message>
    <message>
        <source>A file of the package %1 cannot be loaded (damaged, or cut short): the package is installed again, which puts its files back (undo leaves it installed).</source>
        <translation>软件包 %1 的一个文件无法加载（已损坏或不完整）：会重新安装该软件包，以恢复它的文件（撤销后它仍保持安装）。</translation>
    </message>
</context>
<context>
    <name>TorchInstallCheck</name>
    <message>
        <source>Is PyTorch installed for this Python?</source>
        <translation>这个 Python 安装了 PyTorch 吗？</translation>
    </message>
    <message>
        <source>%1 has no torch package: `import torch` cannot work in it.</source>
        <translation>%1 中没有 torch 包：`import torch` 在其中无法成功。</translation>
    </message>
    <message>
        <source>torch is installed for %1, not for this one. Run your program with that interpreter, or install torch into this one with `%2 -m pip install torch` (the reinstall step picks the right build for your GPU).</source>
        <translation>torch 安装在 %1 中，而不是这个解释器中。请用那个解释器运行你的程序，或用 `%2 -m pip install torch` 把 torch 安装到这个解释器中（重新安装步骤会为你的 GPU 选择合适的版本）。</translation>
    </message>
    <message>
        <source>No other Python on this machine has it either. Install it with `%1 -m pip install torch` (the reinstall step picks the right build for your GPU and driver).</source>
        <translation>本机其他 Python 中也没有安装它。请用 `%1 -m pip install torch` 安装（重新安装步骤会为你的 GPU 和驱动选择合适的版本）。</translation>
    </message>
    <message>
        <source>PyTorch is not installed for %1</source>
        <translation>%1 中没有安装 PyTorch</translation>
    </message>
    <message>
        <source>Two installations of torch overlap</source>
        <translation>两份 torch 安装相互重叠</translation>
    </message>
    <message>
        <source>This environment holds %1 torch distributions (%2). pip or conda left one behind, and files of different versions are mixed in one folder. Uninstall torch until none is left, then install it once.</source>
        <translation>这个环境中有 %1 个 torch 发行包（%2）。pip 或 conda 残留了一份，不同版本的文件混在同一个文件夹中。请反复卸载 torch 直到一个都不剩，然后只安装一次。</translation>
    </message>
</context>
<context>
    <name>TorchProbe</name>
    <message>
        <source>no executable given</source>
        <translation>未给出可执行文件</translation>
    </message>
    <message>
        <source>not found on PATH: %1</source>
        <translation>在 PATH 中找不到：%1</translation>
    </message>
    <message>
        <source>a link to a missing file (%1)</source>
        <translation>指向不存在文件的链接（%1）</translation>
    </message>
    <message>
        <source>not found: %1</source>
        <translation>找不到：%1</translation>
    </message>
    <message>
        <source>a folder, not a program: %1</source>
        <translation>这是文件夹，不是程序：%1</translation>
    </message>
    <message>
        <source>a Microsoft Store alias that opens the Store instead of running Python (Python from the Store is not installed); not run</source>
        <translation>这是 Microsoft Store 的别名，它会打开应用商店而不是运行 Python（商店版 Python 未安装）；未运行</translation>
    </message>
    <message>
        <source>not executable (no execute permission): %1</source>
        <translation>不可执行（没有执行权限）：%1</translation>
    </message>
    <message>
        <source>an empty file, not a program: %1</source>
        <translation>空文件，不是程序：%1</translation>
    </message>
    <message>
        <source>the probe script is missing from this build</source>
        <translation>此版本缺少探测脚本</translation>
    </message>
    <message>
        <source>could not be started: %1</source>
        <translation>无法启动：%1</translation>
    </message>
    <message>
        <source>this version of Python is not supported</source>
        <translation>不支持此版本的 Python</translation>
    </message>
    <message>
        <source>Python %1.%2 is older than %3.%4: not supported</source>
        <translation>Python %1.%2 早于 %3.%4：不受支持</translation>
    </message>
    <message>
        <source>the probe could not describe this Python: %1</source>
        <translation>探测脚本无法描述此 Python：%1</translation>
    </message>
    <message>
        <source>the probe failed: %1</source>
        <translation>探测失败：%1</translation>
    </message>
    <message>
        <source> (%1 is %2 bytes long, more than the system passes to a program)</source>
        <translation>（%1 长 %2 字节，超过系统能传给程序的长度）</translation>
    </message>
    <message>
        <source>printed unreadable JSON (%1)</source>
        <translation>输出了无法读取的 JSON（%1）</translation>
    </message>
    <message>
        <source>printed nothing</source>
        <translation>没有任何输出</translation>
    </message>
    <message>
        <source> (a Python too old for the probe, or not Python)</source>
        <translation>（Python 版本太旧，无法运行探测，或者它不是 Python）</translation>
    </message>
    <message>
        <source>not Python, or it failed before answering (%1): %2</source>
        <translation>不是 Python，或在回答前就已失败（%1）：%2</translation>
    </message>
    <message>
        <source>no answer within %1 (timed out; ended)</source>
        <translation>%1 内没有响应（已超时并结束）</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>crashed while describing itself (%1)</source>
        <translation>在描述自身时崩溃（%1）</translation>
    </message>
    <message>
        <source>printed no JSON: “%1”</source>
        <translation>没有输出 JSON：“%1”</translation>
    </message>
    <message>
        <source>printed no JSON; its error output says: “%1”</source>
        <translation>没有输出 JSON；其错误输出为：“%1”</translation>
    </message>
</context>
<context>
    <name>UserEnvironment</name>
    <message>
        <source>no helper for the Windows user environment</source>
        <translation>没有用于 Windows 用户环境的辅助程序</translation>
    </message>
    <message>
        <source>the user-environment helper did not finish: %1</source>
        <translation>用户环境辅助程序没有完成：%1</translation>
    </message>
    <message>
        <source>the user-environment helper failed (%1): %2</source>
        <translation>用户环境辅助程序失败（%1）：%2</translation>
    </message>
    <message>
        <source>the user-environment helper answered something unexpected</source>
        <translation>用户环境辅助程序返回了意外的内容</translation>
    </message>
</context>
<context>
    <name>UsualInterpreterCheck</name>
    <message>
        <source>Does the project, or a new terminal, run this Python?</source>
        <translation>项目或新终端运行的是这个 Python 吗？</translation>
    </message>
    <message>
        <source>The project %1 runs %2</source>
        <translation>项目 %1 运行的是%2</translation>
    </message>
    <message>
        <source>`%1` on PATH runs %2</source>
        <translation>PATH 上的 `%1` 运行的是%2</translation>
    </message>
    <message>
        <source>PyTorch works in %1 (torch %2). %3, which has no torch: `import torch` fails there.</source>
        <translation>PyTorch 在%1中可以使用（torch %2）。%3，而它没有 torch：在那里 `import torch` 会失败。</translation>
    </message>
    <message>
        <source>It is pyenv&apos;s shim: the reinstall step writes &quot;%1&quot; into %2, so that it runs %3. Undoing it puts the file back as it was.</source>
        <translation>它是 pyenv 的 shim：重新安装这一步会把“%1”写入 %2，让它运行 %3。撤销后该文件会恢复原样。</translation>
    </message>
    <message>
        <source>The reinstall step moves the venv %1 aside and makes it again on %2, seeing that Python&apos;s packages (torch among them). Undoing it puts the old venv back.</source>
        <translation>重新安装这一步会把虚拟环境 %1 移到一旁，并在 %2 上重新创建它，使其能看到那个 Python 的包（包括 torch）。撤销后原来的虚拟环境会放回原处。</translation>
    </message>
    <message>
        <source>The reinstall step makes the venv %1 on %2, seeing that Python&apos;s packages (torch among them). Undoing it removes the venv.</source>
        <translation>重新安装这一步会在 %2 上创建虚拟环境 %1，使其能看到那个 Python 的包（包括 torch）。撤销后会删除该虚拟环境。</translation>
    </message>
    <message>
        <source>Run your programs with %1, or choose your project&apos;s folder on the first page: the reinstall step then makes the project&apos;s venv on it.</source>
        <translation>请用 %1 运行您的程序，或在第一页选择您的项目文件夹：重新安装这一步随后会在它上面创建项目的虚拟环境。</translation>
    </message>
    <message>
        <source>Run your programs with %1, or name your project&apos;s folder with --project DIR: `fix reinstall` then makes the project&apos;s venv on it.</source>
        <translation>请用 %1 运行您的程序，或用 --project DIR 指定您的项目文件夹：`fix reinstall` 随后会在它上面创建项目的虚拟环境。</translation>
    </message>
    <message>
        <source>The project runs %1, which has no torch</source>
        <translation>项目运行的 %1 没有 torch</translation>
    </message>
    <message>
        <source>`%1` on PATH is Python %2, which has no torch</source>
        <translation>PATH 上的 `%1` 是没有 torch 的 Python %2</translation>
    </message>
</context>
<context>
    <name>VariableOrigin</name>
    <message>
        <source>%1 line %2</source>
        <translation>%1 第 %2 行</translation>
    </message>
    <message>
        <source>No startup file sets %1 in %2: it is set only in this process (or by the program that started it).</source>
        <translation>没有任何启动文件把 %1 加入 %2：它只在当前进程中（或由启动它的程序）设置。</translation>
    </message>
    <message>
        <source>%1 gets %2 from %3.</source>
        <translation>%1 中的 %2 来自 %3。</translation>
    </message>
    <message>
        <source>Where %1 gets %2 could not be read from the registry (%3): %4</source>
        <translation>无法从注册表（%3）读取 %1 中的 %2 是在哪里设置的：%4</translation>
    </message>
    <message>
        <source>%1 in your user environment (%2) does not hold %3: it comes from the system-wide environment (HKLM) or only from the program that started this one.</source>
        <translation>你的用户环境中的 %1（%2）不含 %3：它来自系统范围的环境（HKLM），或只来自启动此程序的程序。</translation>
    </message>
    <message>
        <source>%1 gets %2 from the registry value %3 (%4), which every program started afterwards inherits.</source>
        <translation>%1 中的 %2 来自注册表值 %3（%4），之后启动的每个程序都会继承它。</translation>
    </message>
</context>
<context>
    <name>VenvPlanner</name>
    <message>
        <source>Make the venv %1 again on %2, with the packages it holds</source>
        <translation>用 %2 重新创建虚拟环境 %1，保留其中的包</translation>
    </message>
    <message>
        <source>Undoing this repair removes the new venv and puts the old one back from %1.</source>
        <translation>撤销此修复会删除新的虚拟环境，并从 %1 放回旧的虚拟环境。</translation>
    </message>
    <message>
        <source>Once everything works, you can delete the old venv, %1.</source>
        <translation>确认一切正常后，可以删除旧的虚拟环境 %1。</translation>
    </message>
    <message>
        <source>Nothing is downloaded: the packages of the old venv are linked into the new one (hard links, or copies where the disk does not allow them). The old venv stays as %1.</source>
        <translation>不会下载任何东西：旧虚拟环境中的包会链接到新的虚拟环境里（硬链接；磁盘不支持时改为复制）。旧的虚拟环境保留为 %1。</translation>
    </message>
    <message>
        <source>Make the venv %1 again on %2</source>
        <translation>在 %2 上重新创建虚拟环境 %1</translation>
    </message>
    <message>
        <source>Make the venv %1 again on %2, and install into it: %3</source>
        <translation>在 %2 上重新创建虚拟环境 %1，并在其中安装：%3</translation>
    </message>
    <message>
        <source>The old venv&apos;s packages were installed for the Python that is gone: each is downloaded again for %1 at the version the old venv had. Where one has no release for that Python, pip stops; `torchdoctor undo` then puts the old venv back.</source>
        <translation>旧虚拟环境中的包是为已不存在的那个 Python 安装的：每个包都会按旧虚拟环境中的版本为 %1 重新下载。若某个包没有适用于该 Python 的版本，pip 会停止；这时 `torchdoctor undo` 会把旧的虚拟环境放回原处。</translation>
    </message>
    <message>
        <source>The old venv stays as %1.</source>
        <translation>旧的虚拟环境保留为 %1。</translation>
    </message>
</context>
<context>
    <name>WindowsEnvPlanner</name>
    <message>
        <source>Remove the environment settings that get in PyTorch&apos;s way</source>
        <translation>删除妨碍 PyTorch 的环境设置</translation>
    </message>
    <message>
        <source>%1 cannot be read from the user environment: %2</source>
        <translation>无法从用户环境中读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 cannot be changed in the user environment: %2</source>
        <translation>无法在用户环境中更改 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not set in your user environment: it comes from the system-wide environment (or the program that started this one). Remove it in System Properties &gt; Environment Variables &gt; System variables, as an administrator.</source>
        <translation>%1 没有在你的用户环境中设置：它来自系统级环境（或启动本程序的程序）。请以管理员身份在“系统属性 &gt; 环境变量 &gt; 系统变量”中删除它。</translation>
    </message>
    <message>
        <source>%1 in your user %2 does not hold %3: the entry comes from the system-wide %2. Remove it in System Properties &gt; Environment Variables &gt; System variables, as an administrator.</source>
        <translation>你的用户变量 %2 中的 %1 不含 %3：该条目来自系统级的 %2。请以管理员身份在“系统属性 &gt; 环境变量 &gt; 系统变量”中删除它。</translation>
    </message>
    <message>
        <source>KMP_DUPLICATE_LIB_OK stays until the second OpenMP runtime is gone (the reinstall repair): without it torch would stop at &quot;OMP: Error #15&quot;.</source>
        <translation>KMP_DUPLICATE_LIB_OK 会一直保留，直到第二个 OpenMP 运行库被去掉（重新安装修复）：没有它，torch 会停在“OMP: Error #15”。</translation>
    </message>
    <message>
        <source>Programs already running keep the old environment: open a new terminal (or restart the program) after the fix.</source>
        <translation>已在运行的程序仍保留旧的环境：修复后请打开新终端（或重启程序）。</translation>
    </message>
</context>
<context>
    <name>td::ui::ConfirmDialog</name>
    <message>
        <source>(needs administrator rights)</source>
        <translation>（需要管理员权限）</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Steps to apply</source>
        <translation>要执行的步骤</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Every step is written to the journal before it runs: Undo puts it back.</source>
        <translation>每个步骤运行前都会先写入日志：“撤销”可以把它恢复原样。</translation>
    </message>
    <message>
        <source>&amp;Do not change anything</source>
        <translation>不做任何更改(&amp;D)</translation>
    </message>
    <message>
        <source>Steps marked as needing administrator rights ask for them when they run, and only those steps.</source>
        <translation>标明需要管理员权限的步骤会在运行时请求权限，而且只有这些步骤会请求。</translation>
    </message>
</context>
<context>
    <name>td::ui::DiagnosePage</name>
    <message>
        <source>Checking PyTorch</source>
        <translation>正在检查 PyTorch</translation>
    </message>
    <message>
        <source>Every check runs in the background; the window stays usable, and you can stop them.</source>
        <translation>所有检查都在后台运行；窗口始终可用，你也可以随时停止。</translation>
    </message>
    <message>
        <source>the default Python</source>
        <translation>默认的 Python</translation>
    </message>
    <message>
        <source>%1, in the project %2</source>
        <translation>%1（项目 %2）</translation>
    </message>
    <message>
        <source>Diagnosing %1.</source>
        <translation>正在诊断 %1。</translation>
    </message>
    <message>
        <source>C&amp;hecks:</source>
        <translation>检查项(&amp;H)：</translation>
    </message>
    <message>
        <source>Checks and their state</source>
        <translation>检查项及其状态</translation>
    </message>
    <message>
        <source>Overall progress</source>
        <translation>总体进度</translation>
    </message>
    <message>
        <source>&amp;Stop the checks</source>
        <translation>停止检查(&amp;S)</translation>
    </message>
    <message>
        <source>Stop the checks</source>
        <translation>停止检查</translation>
    </message>
    <message>
        <source>&amp;Run the checks again</source>
        <translation>重新检查(&amp;R)</translation>
    </message>
    <message>
        <source>Run the checks again</source>
        <translation>重新检查</translation>
    </message>
    <message>
        <source>Stopping: the programs the checks started are being ended…</source>
        <translation>正在停止：正在结束检查启动的程序…</translation>
    </message>
    <message>
        <source>The checks were stopped; nothing was concluded. Run them again, or go back to choose another target.</source>
        <translation>检查已停止，没有得出结论。请重新检查，或返回选择其他目标。</translation>
    </message>
    <message numerus="yes">
        <source>Done in %1 s: %n problem(s)</source>
        <translation>
            <numerusform>用时 %1 秒完成：%n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n warning(s).</source>
        <translation>
            <numerusform>以及 %n 个警告。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two parts of a sentence, one after the other</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>ran; its result comes with the others</source>
        <translation>已运行；结果将与其他检查一同给出</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a state, then what it means</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>a check, then its outcome</comment>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences, one after the other</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>Starting the checks…</source>
        <translation>正在启动检查…</translation>
    </message>
    <message numerus="yes">
        <source>Each slow step (the import, each interpreter, the shell) stops after %n s at most.</source>
        <translation>
            <numerusform>每个耗时步骤（导入、每个解释器、shell）最多 %n 秒后停止。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 steps done; still going: %3 (%4 s so far).</source>
        <translation>已完成 %1/%2 步；仍在进行：%3（已用 %4 秒）。</translation>
    </message>
    <message>
        <source>the last facts (the import, the GPU, the shell)</source>
        <translation>最后几项信息（导入、GPU、shell）</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between items of a list</comment>
        <translation>、</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 以及另外 %n 项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>td::ui::DockerPage</name>
    <message>
        <source>Method 1: run the project in Docker</source>
        <translation>方法一：用 Docker 运行项目</translation>
    </message>
    <message>
        <source>The quickest way to a working project: the container brings its own PyTorch, CUDA libraries and Python.</source>
        <translation>让项目跑起来的最快方式：容器自带 PyTorch、CUDA 库和 Python。</translation>
    </message>
    <message>
        <source>What it costs: Docker Desktop (Windows, macOS) or Docker Engine, a docker-compose.yml in the project, several gigabytes for the first build, and on Windows about 5–10% of the speed. The Python on this machine stays as it is.</source>
        <translation>代价：需要 Docker Desktop（Windows、macOS）或 Docker Engine，项目中需要有 docker-compose.yml，首次构建要下载数 GB，在 Windows 上大约损失 5–10% 的速度。本机的 Python 保持原样。</translation>
    </message>
    <message>
        <source>&amp;Repository to clone:</source>
        <translation>要克隆的仓库(&amp;R)：</translation>
    </message>
    <message>
        <source>Repository to clone</source>
        <translation>要克隆的仓库</translation>
    </message>
    <message>
        <source>The project has no docker-compose.yml: the repository that has one, for example https://github.com/ostris/ai-toolkit</source>
        <translation>项目中没有 docker-compose.yml：请填写包含它的仓库，例如 https://github.com/ostris/ai-toolkit</translation>
    </message>
    <message>
        <source>&amp;Plan with this repository</source>
        <translation>按此仓库制定计划(&amp;P)</translation>
    </message>
</context>
<context>
    <name>td::ui::DonePage</name>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>What the repairs changed, and how to put it back.</source>
        <translation>修复改动了什么，以及如何恢复。</translation>
    </message>
    <message>
        <source>What &amp;changed:</source>
        <translation>更改内容(&amp;C)：</translation>
    </message>
    <message>
        <source>Changes made in this session</source>
        <translation>本次会话所做的更改</translation>
    </message>
    <message>
        <source>&amp;Undo the last repair…</source>
        <translation>撤销上一次修复(&amp;U)…</translation>
    </message>
    <message>
        <source>Undo the last repair</source>
        <translation>撤销上一次修复</translation>
    </message>
    <message>
        <source>Nothing needs repair: PyTorch works here.</source>
        <translation>无需修复：PyTorch 在这里可以正常使用。</translation>
    </message>
    <message>
        <source>Solved: PyTorch works now.</source>
        <translation>已解决：PyTorch 现在可以正常使用了。</translation>
    </message>
    <message numerus="yes">
        <source>Not solved: %n problem(s) remain. The report on the next page says what is left; send it to whoever supports you.</source>
        <translation>
            <numerusform>未解决：还剩 %n 个问题。下一页的报告说明了剩下的问题，请把它发给为你提供支持的人。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (undone)</source>
        <translation>%1（已撤销）</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>started</source>
        <translation>已开始</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Nothing was changed on this machine.</source>
        <translation>本机没有任何更改。</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>接下来：%1</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>没有可撤销的内容。</translation>
    </message>
    <message numerus="yes">
        <source>Put back what the repair changed, in these %n step(s)?</source>
        <translation>
            <numerusform>按以下 %n 个步骤恢复修复所做的更改吗？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Undo %n step(s)</source>
        <translation>
            <numerusform>撤销 %n 个步骤(&amp;U)</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation>没有做任何更改。</translation>
    </message>
    <message>
        <source>Undoing…</source>
        <translation>正在撤销…</translation>
    </message>
    <message>
        <source>Undone (recorded as %1).</source>
        <translation>已撤销（记录为 %1）。</translation>
    </message>
    <message>
        <source>Undo stopped: %1</source>
        <translation>撤销中止：%1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences, one after the other</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>Nothing needs repair on this machine; the error you pasted happened on another one: run TorchDoctor there.</source>
        <translation>本机无需修复；您粘贴的错误发生在另一台计算机上：请在那里运行 TorchDoctor。</translation>
    </message>
    <message>
        <source>%1 gets back exactly what it held before, including the setting the repair removed because it broke PyTorch: PyTorch fails again as it did before the repair.</source>
        <translation>%1 将恢复为修复前的内容，包括修复时因破坏 PyTorch 而删除的设置：PyTorch 会像修复前一样再次失败。</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>Checking again how PyTorch does now…</source>
        <translation>正在重新检查 PyTorch 现在的情况…</translation>
    </message>
    <message>
        <source>Checked again after the undo: PyTorch works here.</source>
        <translation>撤销后已重新检查：PyTorch 在这里可以使用。</translation>
    </message>
    <message numerus="yes">
        <source>Checked again after the undo: %n problem(s) are there. The report on the next page says what they are.</source>
        <translation>
            <numerusform>撤销后已重新检查：存在 %n 个问题。下一页的报告会说明它们是什么。</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading what the repair changed…</source>
        <translation>正在读取修复所做的更改…</translation>
    </message>
</context>
<context>
    <name>td::ui::EnvPage</name>
    <message>
        <source>Method 2: repair the environment variables</source>
        <translation>方法二：修复环境变量</translation>
    </message>
    <message>
        <source>Removes the entries of PATH, LD_LIBRARY_PATH and similar variables that put a wrong copy of a library in front of PyTorch&apos;s own.</source>
        <translation>删除 PATH、LD_LIBRARY_PATH 等变量中让错误的库副本排在 PyTorch 自带库前面的条目。</translation>
    </message>
    <message>
        <source>Good to know: advice found online often adds torch\lib or a CUDA folder to PATH. Python 3.8 and later no longer search PATH for an extension&apos;s DLLs (torch adds its own folders itself), and PYTORCH_MPS_* variables mean nothing on Windows; KMP_DUPLICATE_LIB_OK=TRUE hides a real conflict and can give wrong results. This step only removes what is in the way.</source>
        <translation>须知：网上的建议常常把 torch\lib 或 CUDA 文件夹加入 PATH。但 Python 3.8 及以后的版本不再从 PATH 查找扩展模块的 DLL（torch 会自行添加它的文件夹），PYTORCH_MPS_* 变量在 Windows 上毫无作用；KMP_DUPLICATE_LIB_OK=TRUE 只会掩盖真正的冲突，还可能导致错误的结果。本步骤只删除碍事的内容。</translation>
    </message>
</context>
<context>
    <name>td::ui::ExportPage</name>
    <message>
        <source>Save the report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <source>Report for support</source>
        <translation>技术支持报告</translation>
    </message>
    <message>
        <source>Send it to whoever helps you, or paste it into a GitHub issue.</source>
        <translation>把它发给帮助你的人，或粘贴到 GitHub issue 中。</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>纯文本</translation>
    </message>
    <message>
        <source>Markdown (GitHub issue)</source>
        <translation>Markdown（GitHub issue）</translation>
    </message>
    <message>
        <source>HTML (one file)</source>
        <translation>HTML（单个文件）</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Report format</source>
        <translation>报告格式</translation>
    </message>
    <message>
        <source>Hide personal data</source>
        <translation>隐藏个人数据</translation>
    </message>
    <message>
        <source>&amp;Preview: personal data is NOT hidden; keep this report to yourself.</source>
        <translation>预览(&amp;P)：个人数据未隐藏，请勿分享此报告。</translation>
    </message>
    <message>
        <source>Report preview</source>
        <translation>报告预览</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Copy to clipboard</source>
        <translation>复制到剪贴板(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the report to the clipboard</source>
        <translation>把报告复制到剪贴板</translation>
    </message>
    <message>
        <source>Open the folder of the saved report</source>
        <translation>打开已保存报告所在的文件夹</translation>
    </message>
    <message>
        <source>The report could not be saved: %1</source>
        <translation>无法保存报告：%1</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>已保存到 %1。</translation>
    </message>
    <message>
        <source>The report is on the clipboard.</source>
        <translation>报告已复制到剪贴板。</translation>
    </message>
    <message>
        <source>The folder could not be opened: %1</source>
        <translation>无法打开文件夹：%1</translation>
    </message>
    <message>
        <source>Open the fol&amp;der</source>
        <translation>打开文件夹(&amp;D)</translation>
    </message>
    <message>
        <source>Saved to %1 as %2, the format its name asks for.</source>
        <translation>已按文件名所示的格式（%2）保存到 %1。</translation>
    </message>
    <message>
        <source>Text (*.txt)</source>
        <translation>文本 (*.txt)</translation>
    </message>
    <message>
        <source>Markdown (*.md *.markdown)</source>
        <translation>Markdown (*.md *.markdown)</translation>
    </message>
    <message>
        <source>HTML (*.html *.htm)</source>
        <translation>HTML (*.html *.htm)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Hide personal data</source>
        <translation>隐藏个人数据(&amp;H)</translation>
    </message>
    <message>
        <source>User and host names, the home folder and secrets are hidden.</source>
        <translation>用户名、主机名、主文件夹和密钥都会被隐藏。</translation>
    </message>
    <message>
        <source>&amp;Preview of exactly what would be shared (hidden: user and host names, the home folder, secrets):</source>
        <translation>将要分享的内容预览(&amp;P)（已隐藏：用户名、主机名、主文件夹、密钥）：</translation>
    </message>
</context>
<context>
    <name>td::ui::FindingsPage</name>
    <message>
        <source>What is wrong</source>
        <translation>问题所在</translation>
    </message>
    <message>
        <source>Each finding says what is wrong, why, and what repairs it.</source>
        <translation>每条发现都会说明出了什么问题、原因以及如何修复。</translation>
    </message>
    <message>
        <source>&amp;Findings:</source>
        <translation>发现(&amp;F)：</translation>
    </message>
    <message>
        <source>Findings by area</source>
        <translation>按类别列出的发现</translation>
    </message>
    <message>
        <source>&amp;What it means:</source>
        <translation>含义(&amp;W)：</translation>
    </message>
    <message>
        <source>Explanation of the selected finding</source>
        <translation>所选发现的说明</translation>
    </message>
    <message>
        <source>The failing &amp;chain of libraries:</source>
        <translation>加载失败的库依赖链(&amp;C)：</translation>
    </message>
    <message>
        <source>Dependency chain of the selected finding</source>
        <translation>所选发现的依赖链</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) keep PyTorch from working.</source>
        <translation>
            <numerusform>有 %n 个问题导致 PyTorch 无法使用。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s).</source>
        <translation>
            <numerusform>%n 个警告。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>PyTorch works; %n warning(s) are worth a look.</source>
        <translation>
            <numerusform>PyTorch 可以使用；有 %n 个警告值得一看。</numerusform>
        </translation>
    </message>
    <message>
        <source>No problem found: PyTorch works here.</source>
        <translation>没有发现问题：PyTorch 在这里可以正常使用。</translation>
    </message>
    <message>
        <source>%1: no problem</source>
        <translation>%1：没有问题</translation>
    </message>
    <message>
        <source>fine</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>information</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>The error you pasted names %1. The file really at fault is %2 (%3), reached through %4.</source>
        <translation>你粘贴的错误提到了 %1。真正出问题的文件是 %2（%3），依赖路径为 %4。</translation>
    </message>
    <message>
        <source>The error you pasted names %1; this machine&apos;s copy of PyTorch loads it without a problem, so the findings below are about the installation as it is now.</source>
        <translation>你粘贴的错误提到了 %1；本机的 PyTorch 能正常加载它，因此下面的发现针对的是当前的安装状态。</translation>
    </message>
    <message>
        <source>run in Docker</source>
        <translation>用 Docker 运行</translation>
    </message>
    <message>
        <source>repair the environment variables</source>
        <translation>修复环境变量</translation>
    </message>
    <message>
        <source>reinstall PyTorch</source>
        <translation>重新安装 PyTorch</translation>
    </message>
    <message>
        <source>system-level repair</source>
        <translation>系统级修复</translation>
    </message>
    <message>
        <source>Repairs that address it: %1.</source>
        <translation>可以解决它的修复：%1。</translation>
    </message>
    <message>
        <source>loads, needs the next one</source>
        <translation>可加载，依赖下一项</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences, one after the other</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>The error you pasted happened on a %1 machine; this one was not where it happened, so it cannot be repaired from here. Run TorchDoctor on that machine.</source>
        <translation>您粘贴的错误发生在一台 %1 计算机上；它并非发生在本机，因此无法在这里修复。请在那台计算机上运行 TorchDoctor。</translation>
    </message>
    <message>
        <source>This diagnosis finds no problem now, but the error you pasted is real: it came from another interpreter, environment or moment (see below).</source>
        <translation>本次诊断目前未发现问题，但您粘贴的错误确实存在：它来自另一个解释器、环境或时间点（见下文）。</translation>
    </message>
    <message>
        <source>%1: not checked (%2)</source>
        <translation>%1：未检查（%2）</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The error you pasted happened in the Python at %1, not in %2, which this diagnosis is of. Go back to the first page and select it to diagnose where the error happened.</source>
        <translation>你粘贴的错误发生在位于 %1 的 Python 中，而不是本次诊断的 %2。请回到第一页选中它，诊断出错的那个环境。</translation>
    </message>
    <message>
        <source>The error you pasted happened in %1, which is not on this machine, so the findings below are about the installation diagnosed here, not about that one.</source>
        <translation>你粘贴的错误发生在 %1，它不在本机上，所以下面的发现说的是这里诊断的安装，而不是那一个。</translation>
    </message>
    <message>
        <source>The error you pasted comes from the finding selected below: %1</source>
        <translation>您粘贴的错误来自下面选中的发现：%1</translation>
    </message>
    <message>
        <source>The error you pasted (about %1) comes from the finding selected below: %2</source>
        <translation>您粘贴的错误（关于 %1）来自下面选中的发现：%2</translation>
    </message>
</context>
<context>
    <name>td::ui::FixPage</name>
    <message>
        <source>Passed by on the way here, because no finding calls for it: %1.</source>
        <translation>途中跳过了以下步骤，因为没有发现需要它们：%1。</translation>
    </message>
    <message>
        <source>There is nothing for this step to do.</source>
        <translation>此步骤无事可做。</translation>
    </message>
    <message>
        <source>This step cannot be applied here; the notes above say why. Go on to the next step.</source>
        <translation>此步骤在这里无法执行，原因见上方说明。请继续下一步。</translation>
    </message>
    <message>
        <source>Checking that the repair can go ahead (nothing is changed)…</source>
        <translation>正在确认修复能否进行（不会更改任何内容）…</translation>
    </message>
    <message>
        <source>Cancelled; nothing was changed.</source>
        <translation>已取消，没有做任何更改。</translation>
    </message>
    <message>
        <source>Waiting for your answer…</source>
        <translation>等待你的答复…</translation>
    </message>
    <message numerus="yes">
        <source>Apply these %n step(s)? Nothing else will be changed.</source>
        <translation>
            <numerusform>执行这 %n 个步骤吗？除此之外不会更改任何内容。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Apply %n step(s)</source>
        <translation>
            <numerusform>执行 %n 个步骤(&amp;A)</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelling: the running step is being stopped…</source>
        <translation>正在取消：正在停止运行中的步骤…</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1/%2 步：%3</translation>
    </message>
    <message>
        <source>Every step ran.</source>
        <translation>所有步骤均已执行。</translation>
    </message>
    <message>
        <source>cancelled by the user</source>
        <translation>用户取消</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n step(s); what ran is in the journal and can be undone.</source>
        <translation>
            <numerusform>在 %n 个步骤后取消；已执行的内容记录在日志中，可以撤销。</numerusform>
        </translation>
    </message>
    <message>
        <source>Step %1 failed: %2</source>
        <translation>第 %1 步失败：%2</translation>
    </message>
    <message>
        <source>Stopped before the step ran: the journal could not be written (%1).</source>
        <translation>在步骤运行前停止：无法写入日志（%1）。</translation>
    </message>
    <message>
        <source>Checking again whether PyTorch works now…</source>
        <translation>正在重新检查 PyTorch 现在是否可用…</translation>
    </message>
    <message>
        <source>The check after the repair did not finish.</source>
        <translation>修复后的检查没有完成。</translation>
    </message>
    <message>
        <source>The project is set up to run in Docker.</source>
        <translation>项目已配置为在 Docker 中运行。</translation>
    </message>
    <message>
        <source>The Docker set-up did not work.</source>
        <translation>Docker 配置没有成功。</translation>
    </message>
    <message>
        <source>Solved: the checks find no problem now.</source>
        <translation>已解决：检查现在没有发现问题。</translation>
    </message>
    <message numerus="yes">
        <source>Not solved yet: %n problem(s) remain.</source>
        <translation>
            <numerusform>尚未解决：还剩 %n 个问题。</numerusform>
        </translation>
    </message>
    <message>
        <source>Gone: %1</source>
        <translation>已消除：%1</translation>
    </message>
    <message>
        <source>Still there: %1</source>
        <translation>仍然存在：%1</translation>
    </message>
    <message>
        <source>You said it is solved.</source>
        <translation>你认为问题已解决。</translation>
    </message>
    <message>
        <source>You said it is still broken.</source>
        <translation>你认为问题仍然存在。</translation>
    </message>
    <message>
        <source>Skipped: nothing was changed.</source>
        <translation>已跳过：没有做任何更改。</translation>
    </message>
    <message>
        <source>Every step ran. Checking that the project&apos;s services run…</source>
        <translation>所有步骤均已执行。正在确认项目的服务是否在运行…</translation>
    </message>
    <message>
        <source>Every step ran, and the project&apos;s services run.</source>
        <translation>所有步骤均已执行，项目的服务正在运行。</translation>
    </message>
    <message>
        <source>Every step ran, but: %1</source>
        <translation>所有步骤均已执行，但是：%1</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>Cloned into %1. Checking the project there…</source>
        <translation>已克隆到 %1。正在检查那里的项目…</translation>
    </message>
    <message>
        <source>Name the repository to clone above, or go on without Docker.</source>
        <translation>请在上方填写要克隆的仓库，或者不用 Docker 继续。</translation>
    </message>
    <message>
        <source>the check after the repair did not finish</source>
        <translation>修复后的检查没有完成</translation>
    </message>
    <message>
        <source>what Docker lacked is still there</source>
        <translation>Docker 缺少的东西仍然缺少</translation>
    </message>
    <message>
        <source>You declined: nothing was changed. Apply it after all, or go on without it.</source>
        <translation>你拒绝了：没有做任何更改。你仍然可以执行它，或者不执行并继续。</translation>
    </message>
    <message>
        <source>&amp;Continue &gt;</source>
        <translation>继续(&amp;C) &gt;</translation>
    </message>
    <message>
        <source>Not started: %1</source>
        <translation>未开始：%1</translation>
    </message>
    <message>
        <source>The repair cannot go ahead: %1</source>
        <translation>修复无法进行：%1</translation>
    </message>
    <message>
        <source>Working out the steps…</source>
        <translation>正在确定步骤…</translation>
    </message>
</context>
<context>
    <name>td::ui::FixRunnerWidget</name>
    <message>
        <source>The exact &amp;steps:</source>
        <translation>具体步骤(&amp;S)：</translation>
    </message>
    <message>
        <source>Steps of the repair</source>
        <translation>修复步骤</translation>
    </message>
    <message>
        <source>&amp;Apply…</source>
        <translation>执行(&amp;A)…</translation>
    </message>
    <message>
        <source>Apply the repair</source>
        <translation>执行修复</translation>
    </message>
    <message>
        <source>S&amp;kip this step</source>
        <translation>跳过此步骤(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Go on without it</source>
        <translation>不执行，继续(&amp;G)</translation>
    </message>
    <message>
        <source>Skip this step</source>
        <translation>跳过此步骤</translation>
    </message>
    <message>
        <source>&amp;Output:</source>
        <translation>输出(&amp;O)：</translation>
    </message>
    <message>
        <source>Output of the repair</source>
        <translation>修复的输出</translation>
    </message>
    <message>
        <source>It &amp;is solved</source>
        <translation>已经解决了(&amp;I)</translation>
    </message>
    <message>
        <source>Override: it is solved</source>
        <translation>手动判定：已解决</translation>
    </message>
    <message>
        <source>Override: it is still broken</source>
        <translation>手动判定：仍未解决</translation>
    </message>
    <message>
        <source>No finding calls for this repair.</source>
        <translation>没有发现需要此修复。</translation>
    </message>
    <message>
        <source>(needs administrator rights)</source>
        <translation>（需要管理员权限）</translation>
    </message>
    <message>
        <source>Afterwards: %1</source>
        <translation>之后：%1</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>S&amp;top the repair</source>
        <translation>停止修复(&amp;T)</translation>
    </message>
    <message>
        <source>Stop the repair</source>
        <translation>停止修复</translation>
    </message>
    <message>
        <source>It is still broke&amp;n</source>
        <translation>仍然有问题(&amp;N)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a step&apos;s state, then the step</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>td::ui::FlowChartWidget</name>
    <message>
        <source>Repair flowchart</source>
        <translation>修复流程图</translation>
    </message>
    <message>
        <source>the start</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>You are at: %1. The path so far: %2.</source>
        <translation>当前位置：%1。已走过的路径：%2。</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>尚无</translation>
    </message>
</context>
<context>
    <name>td::ui::ReinstallPage</name>
    <message>
        <source>Method 3: reinstall PyTorch</source>
        <translation>方法三：重新安装 PyTorch</translation>
    </message>
    <message>
        <source>Installs the PyTorch build that fits this machine: the CUDA variant from the driver and the GPU, for this Python version.</source>
        <translation>安装适合本机的 PyTorch：根据驱动和 GPU 选择 CUDA 版本，并匹配当前的 Python 版本。</translation>
    </message>
    <message>
        <source>Good to know: the wheel index is chosen from the driver, the GPU generation and the Python version, and the environment&apos;s own installer (pip or uv) is used. A snapshot of the installed packages is taken first, so that Undo can put them back.</source>
        <translation>须知：wheel 索引根据驱动、GPU 代际和 Python 版本选择，并使用该环境自己的安装器（pip 或 uv）。事先会为已安装的软件包拍一个快照，以便“撤销”时恢复。</translation>
    </message>
    <message>
        <source>&amp;Wheels from a folder:</source>
        <translation>从文件夹获取 wheel(&amp;W)：</translation>
    </message>
    <message>
        <source>Folder of downloaded wheels</source>
        <translation>已下载 wheel 的文件夹</translation>
    </message>
    <message>
        <source>empty: from the index chosen for this machine</source>
        <translation>留空：使用为本机选择的索引</translation>
    </message>
    <message>
        <source>Without network: download the wheels elsewhere (pip download) and name their folder.</source>
        <translation>没有网络时：在别处下载 wheel（pip download），然后填写它们所在的文件夹。</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Choose the folder of wheels</source>
        <translation>选择 wheel 所在的文件夹</translation>
    </message>
    <message>
        <source>&amp;Only from this folder</source>
        <translation>只从此文件夹安装(&amp;O)</translation>
    </message>
    <message>
        <source>Use no package index at all: every wheel must be in the folder.</source>
        <translation>完全不使用软件包索引：所有 wheel 都必须在该文件夹中。</translation>
    </message>
    <message>
        <source>There is no folder %1.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>&amp;Use this interpreter</source>
        <translation>使用这个解释器(&amp;U)</translation>
    </message>
    <message>
        <source>Use the interpreter that has torch</source>
        <translation>使用已安装 torch 的解释器</translation>
    </message>
    <message>
        <source>torch %1 is already installed for %2. Use that interpreter instead of reinstalling: it is checked from the start.</source>
        <translation>%2 已经安装了 torch %1。请改用那个解释器，而不是重新安装：它会从头开始检查。</translation>
    </message>
    <message>
        <source>Method 3: use the Python that has PyTorch</source>
        <translation>方法三：使用装有 PyTorch 的 Python</translation>
    </message>
    <message>
        <source>PyTorch works in the Python checked here, but not in the one the project or a terminal runs: this step makes them run this one. Nothing is installed.</source>
        <translation>PyTorch 在这里检查的 Python 中可以使用，但在项目或终端运行的 Python 中不行：这一步让它们改为运行这个 Python。不安装任何东西。</translation>
    </message>
    <message>
        <source>Good to know: every step is kept in the journal; Undo puts back the version file or the project&apos;s old venv as they were.</source>
        <translation>提示：每一步都记录在日志中；“撤销”会把版本文件或项目原来的虚拟环境恢复原样。</translation>
    </message>
    <message>
        <source>Method 3: make the venv again</source>
        <translation>方法三：重新创建虚拟环境</translation>
    </message>
    <message>
        <source>The Python this venv was made from is gone: this step makes the venv again on a Python of this machine and puts its packages back into it. Nothing is downloaded.</source>
        <translation>创建该虚拟环境所用的 Python 已不存在：此步骤会在本机的一个 Python 上重新创建虚拟环境，并把其中的包放回去。不会下载任何东西。</translation>
    </message>
    <message>
        <source>The Python this venv was made from is gone, and none of its version is here: this step makes the venv again on another Python and installs its packages again at their versions.</source>
        <translation>创建该虚拟环境所用的 Python 已不存在，本机也没有同一版本的 Python：此步骤会在另一个 Python 上重新创建虚拟环境，并按原来的版本重新安装其中的包。</translation>
    </message>
    <message>
        <source>Good to know: the old venv is kept beside the new one until you delete it; Undo removes the new one and puts the old one back as it was.</source>
        <translation>须知：旧的虚拟环境会一直保留在新环境旁边，直到你删除它；“撤销”会删除新的虚拟环境，并把旧的原样放回。</translation>
    </message>
</context>
<context>
    <name>td::ui::SystemPage</name>
    <message>
        <source>Method 4: system-level repair</source>
        <translation>方法四：系统级修复</translation>
    </message>
    <message>
        <source>Repairs what PyTorch needs from the operating system, such as the Microsoft Visual C++ runtime.</source>
        <translation>修复 PyTorch 依赖的操作系统组件，例如 Microsoft Visual C++ 运行库。</translation>
    </message>
    <message>
        <source>Good to know: regsvr32 fbgemm.dll cannot work (fbgemm.dll is not a COM server), and wuauclt /detectnow is gone on Windows 10 and later. Steps that need administrator rights are marked and ask for them alone.</source>
        <translation>须知：regsvr32 fbgemm.dll 不可能奏效（fbgemm.dll 不是 COM 服务器），wuauclt /detectnow 在 Windows 10 及以后的版本中已不存在。需要管理员权限的步骤都有标记，并且只有它们会请求权限。</translation>
    </message>
    <message>
        <source>Repairs what PyTorch needs from the operating system, such as the command line tools and libomp.</source>
        <translation>修复 PyTorch 需要操作系统提供的组件，例如命令行工具和 libomp。</translation>
    </message>
    <message>
        <source>Repairs what PyTorch needs from the operating system: the distribution&apos;s libraries, installed with its package manager.</source>
        <translation>修复 PyTorch 需要操作系统提供的组件：用发行版的包管理器安装发行版的库。</translation>
    </message>
    <message>
        <source>Good to know: Homebrew&apos;s libomp is what torch&apos;s OpenMP needs on macOS; steps that need administrator rights are marked and ask for them alone.</source>
        <translation>须知：在 macOS 上，torch 的 OpenMP 需要 Homebrew 的 libomp；需要管理员权限的步骤会被标出，并且只为该步骤请求权限。</translation>
    </message>
    <message>
        <source>Good to know: a library from the distribution is installed with its package manager (apt-get, dnf, pacman or zypper), elevated alone with pkexec, and ldconfig runs after it. A library of torch&apos;s own, or of NVIDIA&apos;s wheels, is never a system package: the reinstall repair brings it.</source>
        <translation>须知：发行版的库通过其包管理器（apt-get、dnf、pacman 或 zypper）安装，只有该步骤通过 pkexec 提权，之后运行 ldconfig。torch 自带的库或 NVIDIA wheel 中的库从来不是系统软件包：由“重新安装”修复提供。</translation>
    </message>
</context>
<context>
    <name>td::ui::UrgentPage</name>
    <message>
        <source>Is it urgent?</source>
        <translation>是否紧急？</translation>
    </message>
    <message>
        <source>Do you need the project running now, more than a repaired Python?</source>
        <translation>相比修好 Python，你是否更需要让项目马上跑起来？</translation>
    </message>
    <message>
        <source>There are two ways on from here. Choose one; the flowchart beside shows where each leads.</source>
        <translation>接下来有两条路可走。请选择一条；旁边的流程图显示了每条路通向哪里。</translation>
    </message>
    <message>
        <source>&amp;No: repair this Python in place</source>
        <translation>否：就地修复这个 Python(&amp;N)</translation>
    </message>
    <message>
        <source>Not urgent: repair this Python in place</source>
        <translation>不紧急：就地修复这个 Python</translation>
    </message>
    <message>
        <source>Costs some minutes. Goes through the environment variables, then reinstalling PyTorch, then system-level repairs, only as far as needed. Each step shows exactly what it changes, asks first, is checked afterwards, and can be undone.</source>
        <translation>需要几分钟。依次尝试修复环境变量、重新安装 PyTorch、系统级修复，只做到必要的那一步。每一步都会准确显示要更改的内容，先征求你的同意，完成后自动检查，并且可以撤销。</translation>
    </message>
    <message>
        <source>&amp;Yes: run the project in Docker</source>
        <translation>是：用 Docker 运行项目(&amp;Y)</translation>
    </message>
    <message>
        <source>Urgent: run the project in Docker</source>
        <translation>紧急：用 Docker 运行项目</translation>
    </message>
    <message>
        <source>Needs Docker (Docker Desktop on Windows and macOS) and a docker-compose.yml in the project. The first build downloads several gigabytes; on Windows expect about 5–10% less speed. Your Python stays as broken as it is: it only sidesteps the problem.</source>
        <translation>需要 Docker（Windows 和 macOS 上为 Docker Desktop），项目中需要有 docker-compose.yml。首次构建要下载数 GB；在 Windows 上速度大约降低 5–10%。你的 Python 仍然是坏的：这只是绕开了问题。</translation>
    </message>
    <message>
        <source>This project has no docker-compose.yml that TorchDoctor found; the Docker step can only tell you what it needs.</source>
        <translation>TorchDoctor 没有在这个项目中找到 docker-compose.yml；Docker 步骤只能告诉你它需要什么。</translation>
    </message>
    <message>
        <source>The project has %1, but Docker does not answer on this machine.</source>
        <translation>项目中有 %1，但本机的 Docker 没有响应。</translation>
    </message>
    <message>
        <source>The project has %1.</source>
        <translation>项目中有 %1。</translation>
    </message>
    <message>
        <source>&amp;Continue &gt;</source>
        <translation>继续(&amp;C) &gt;</translation>
    </message>
</context>
<context>
    <name>td::ui::WelcomePage</name>
    <message>
        <source>Choose a project folder</source>
        <translation>选择项目文件夹</translation>
    </message>
    <message>
        <source>What should TorchDoctor check?</source>
        <translation>TorchDoctor 要检查什么？</translation>
    </message>
    <message>
        <source>Choose the Python that fails to run PyTorch, or the project folder that uses it.</source>
        <translation>请选择无法运行 PyTorch 的 Python，或使用它的项目文件夹。</translation>
    </message>
    <message>
        <source>TorchDoctor finds out why PyTorch does not load or does not use the GPU, explains it in plain words, and repairs it one confirmed step at a time. Nothing changes without your yes, and every change can be undone.</source>
        <translation>TorchDoctor 会找出 PyTorch 无法加载或用不上 GPU 的原因，用通俗的语言解释，并一步一步地修复，每一步都先征得你的确认。未经你同意不会更改任何内容，而且所有更改都可以撤销。</translation>
    </message>
    <message>
        <source>&amp;Python interpreters found:</source>
        <translation>找到的 Python 解释器(&amp;P)：</translation>
    </message>
    <message>
        <source>Python interpreters</source>
        <translation>Python 解释器</translation>
    </message>
    <message>
        <source>Project &amp;folders:</source>
        <translation>项目文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>Project folders</source>
        <translation>项目文件夹</translation>
    </message>
    <message>
        <source>&amp;Add a folder…</source>
        <translation>添加文件夹(&amp;A)…</translation>
    </message>
    <message>
        <source>Add a project folder</source>
        <translation>添加项目文件夹</translation>
    </message>
    <message>
        <source>or drop a folder here</source>
        <translation>或把文件夹拖到这里</translation>
    </message>
    <message>
        <source>Pa&amp;ste the error you saw (optional; from any program, in any language):</source>
        <translation>粘贴你看到的错误信息(&amp;S)（可选；来自任何程序、任何语言）：</translation>
    </message>
    <message>
        <source>The error you saw</source>
        <translation>你看到的错误信息</translation>
    </message>
    <message>
        <source>For example: OSError: [WinError 126] … Error loading &quot;…\torch\lib\fbgemm.dll&quot; or one of its dependencies.</source>
        <translation>例如：OSError: [WinError 126] … Error loading &quot;…\torch\lib\fbgemm.dll&quot; or one of its dependencies.</translation>
    </message>
    <message>
        <source>The project&apos;s venv, else python3 on PATH (default)</source>
        <translation>项目的 venv，否则用 PATH 中的 python3（默认）</translation>
    </message>
    <message>
        <source>%1 (cannot run: %2)</source>
        <translation>%1（无法运行：%2）</translation>
    </message>
    <message>
        <source>Python %1 (%2-bit) with torch %3: %4</source>
        <translation>Python %1（%2 位），带 torch %3：%4</translation>
    </message>
    <message>
        <source>Python %1 (%2-bit) without torch: %3</source>
        <translation>Python %1（%2 位），未安装 torch：%3</translation>
    </message>
    <message>
        <source>No project folder</source>
        <translation>不使用项目文件夹</translation>
    </message>
    <message>
        <source>Looking for Python interpreters…</source>
        <translation>正在查找 Python 解释器…</translation>
    </message>
    <message numerus="yes">
        <source>%n interpreter(s) found.</source>
        <translation>
            <numerusform>找到 %n 个解释器。</numerusform>
        </translation>
    </message>
    <message>
        <source>Windows error %1 while loading %2.</source>
        <translation>加载 %2 时出现 Windows 错误 %1。</translation>
    </message>
    <message>
        <source>%1 cannot be found by the loader.</source>
        <translation>加载器找不到 %1。</translation>
    </message>
    <message>
        <source>The %1 that loads lacks version %2.</source>
        <translation>实际加载的 %1 缺少版本 %2。</translation>
    </message>
    <message>
        <source>The symbol %1 is missing from a loaded library.</source>
        <translation>已加载的库中缺少符号 %1。</translation>
    </message>
    <message>
        <source>%1 is built for %2, but this process needs %3.</source>
        <translation>%1 是为 %2 构建的，但此进程需要 %3。</translation>
    </message>
    <message>
        <source>%1 could not be loaded.</source>
        <translation>无法加载 %1。</translation>
    </message>
    <message>
        <source>Two OpenMP runtimes were loaded into one process.</source>
        <translation>同一进程中加载了两个 OpenMP 运行库。</translation>
    </message>
    <message>
        <source>This Python has no module named %1.</source>
        <translation>这个 Python 中没有名为 %1 的模块。</translation>
    </message>
    <message>
        <source>A 32-bit library was loaded into a 64-bit process, or the reverse.</source>
        <translation>32 位的库被加载到了 64 位进程中，或者反过来。</translation>
    </message>
    <message>
        <source>A DLL of %1 failed to load.</source>
        <translation>%1 的某个 DLL 加载失败。</translation>
    </message>
    <message>
        <source>TorchDoctor does not recognize this text; the diagnosis will look for the cause anyway.</source>
        <translation>TorchDoctor 无法识别这段文字；诊断仍会查找原因。</translation>
    </message>
    <message>
        <source>Read: %1</source>
        <translation>识别结果：%1</translation>
    </message>
    <message>
        <source>The diagnosis starts from the file it names.</source>
        <translation>诊断将从它提到的文件开始。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences, one after the other</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>%1 is not an ELF library (another kind of file has its name).</source>
        <translation>%1 不是 ELF 库（另一种文件使用了它的名称）。</translation>
    </message>
    <message>
        <source>%1 is truncated.</source>
        <translation>%1 不完整（已被截断）。</translation>
    </message>
    <message>
        <source>A message TorchDoctor knows by its wording.</source>
        <translation>TorchDoctor 根据措辞认出了这条消息。</translation>
    </message>
    <message>
        <source>Likely: %1</source>
        <translation>可能是：%1</translation>
    </message>
    <message>
        <source>It comes from %1, not from torch.</source>
        <translation>它来自 %1，而不是 torch。</translation>
    </message>
    <message>
        <source>This happened on a %1 machine, not this one: TorchDoctor explains it here; run TorchDoctor on that machine to repair it.</source>
        <translation>此错误发生在一台 %1 计算机上，而不是本机：TorchDoctor 在这里解释它；请在那台计算机上运行 TorchDoctor 进行修复。</translation>
    </message>
    <message>
        <source>Choose a Python interpreter</source>
        <translation>选择一个 Python 解释器</translation>
    </message>
    <message>
        <source>Trying %1…</source>
        <translation>正在试运行 %1…</translation>
    </message>
    <message>
        <source>%1 cannot be checked as a Python: %2. Choose the python or python3 program of the environment that fails.</source>
        <translation>%1 不能作为 Python 检查：%2。请选择出问题的环境中的 python 或 python3 程序。</translation>
    </message>
    <message>
        <source>Python %1 at %2 is selected: it is what will be checked.</source>
        <translation>已选中位于 %2 的 Python %1：将检查它。</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>A Python that is not listed: choose its program file.</source>
        <translation>列表中没有的 Python：选择它的程序文件。</translation>
    </message>
    <message>
        <source>It happened in the Python at %1, which is now selected.</source>
        <translation>它发生在位于 %1 的 Python 中，现已选中。</translation>
    </message>
    <message>
        <source>It happened in %1, which is not on this machine: none of the interpreters here is the one that failed. Choose its Python with Browse…, or run TorchDoctor where the error happened.</source>
        <translation>它发生在 %1，而本机上没有这个位置：这里的解释器都不是出错的那个。请用“浏览…”选择它的 Python，或在出错的那台计算机上运行 TorchDoctor。</translation>
    </message>
    <message>
        <source>It was run from the project folder %1, which is now selected.</source>
        <translation>它是从项目文件夹 %1 运行的，现已选中。</translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>a title ending as a sentence</comment>
        <translation>%1。</translation>
    </message>
</context>
<context>
    <name>td::ui::Wizard</name>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>&amp;Continue &gt;</source>
        <translation>继续(&amp;C) &gt;</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>完成(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Work is still running. Quit and stop it? A repair stops after the step that runs now; what ran stays in the journal and can be undone later.</source>
        <translation>仍有工作在进行。要停止它并退出吗？修复会在当前步骤结束后停止；已执行的内容保留在日志中，之后可以撤销。</translation>
    </message>
    <message>
        <source>&amp;Stop and quit</source>
        <translation>停止并退出(&amp;S)</translation>
    </message>
    <message>
        <source>Repair PyTorch</source>
        <translation>修复 PyTorch</translation>
    </message>
    <message>
        <source>Start &amp;over</source>
        <translation>重新开始(&amp;O)</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Back to the first page: choose again and check again.</source>
        <translation>回到第一页：重新选择并重新检查。</translation>
    </message>
    <message>
        <source>Work is still running</source>
        <translation>仍有工作在运行</translation>
    </message>
    <message>
        <source>A repair or an undo is running on this page. It cannot be left halfway: a step that started always ends and is recorded in the journal. Cancel it or wait for it to end, then go back or start over.</source>
        <translation>此页上正在进行修复或撤销，不能中途离开：已开始的步骤总会执行完毕并记入日志。请取消它或等待它结束，然后再返回或重新开始。</translation>
    </message>
</context>
</TS>
