<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CheckRunner</name>
    <message>
        <source>The check &quot;%1&quot; failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It stopped with an internal error (%1); its part of the diagnosis is missing. Please report this with the log file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probing the Python interpreter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for NVIDIA GPUs and the driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading system facts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking Docker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: did not finish in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Walking PyTorch&apos;s native libraries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown exception</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check &quot;%1&quot; ran out of time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It did not finish within %1 seconds; its part of the diagnosis is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part of the diagnosis could not be completed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CoreBackend</name>
    <message>
        <source>Removes exactly the environment entries that get in PyTorch&apos;s way; it never adds any.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a new terminal (or log in again) so that programs see the change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installs the PyTorch build that fits this machine with the environment&apos;s own installer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build cannot plan that repair.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1 is not there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be reached: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The journal entry cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DockerCheck</name>
    <message>
        <source>Can the project run in Docker?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker is not installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 describes a Docker setup, but there is no docker command. Install Docker Engine (Linux) or Docker Desktop with the WSL2 back end (Windows).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Docker daemon is not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>docker %1 is installed but its daemon does not answer (%2). Start Docker Desktop, or `sudo systemctl start docker` on Linux.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker Compose v2 is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>`docker compose` is not available. Install the compose plugin (docker-compose-plugin).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Containers cannot use the NVIDIA GPU yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The daemon has no nvidia runtime. Install the NVIDIA Container Toolkit and run `sudo nvidia-ctk runtime configure --runtime=docker`, then restart Docker.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnvPlanner</name>
    <message>
        <source>Remove the environment settings that get in PyTorch&apos;s way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not something this repair changes on this system (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale %1 entry %2 shadows torch&apos;s %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 means nothing outside macOS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 hides a duplicate OpenMP runtime instead of removing it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 line %2 sets %3 in a way this repair does not edit: look at it yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is set in this terminal only (no startup file sets it): open a new one or `unset %2`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KMP_DUPLICATE_LIB_OK only silences &quot;OMP: Error #15&quot;: without it the error comes back until the second OpenMP runtime is removed. Intel calls the variable unsafe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminals already open keep the old %1: open a new one after the fix.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnvironmentCheck</name>
    <message>
        <source>Do environment variables or paths get in the way?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1=%2. %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It silences &quot;OMP: Error #15&quot; instead of removing the second OpenMP runtime. Intel calls it unsafe, unsupported and undocumented: it may crash or give wrong results. Remove it once the duplicate runtime is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MPS is Apple&apos;s GPU API: this variable means nothing on this system.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It points to a folder that does not exist: a leftover of an uninstalled CUDA toolkit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 puts another %2 in front of torch&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 contains %2, so %3 loads instead of %4. A stale entry like this is the classic cause of &quot;undefined symbol&quot; and &quot;version not found&quot; errors (for example an old libnvJitLink from a system CUDA). Remove the entry where it is set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A path has non-ASCII characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. PyTorch mostly copes, but torch.jit.load/save fail on such paths, and some DLLs fail to initialise from them on Windows. If something fails only here, move the environment to a plain ASCII path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A path is close to 260 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 characters long; files inside torch push it past Windows&apos; 260-character limit unless long paths are enabled, and pip then fails half-way.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Executor</name>
    <message>
        <source>the snapshot before the step (%1) failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not record what undoes this step: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this build cannot set user variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was already undone by %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed again after step %2: undo puts back the version from before the step, and later edits to it are lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 (%2) cannot be undone automatically.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FixPlan</name>
    <message>
        <source>Addresses: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No steps: nothing would be changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[administrator] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FixStep</name>
    <message>
        <source>Run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit %1 line %2: remove `%3`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit %1 line %2: `%3` -&gt; `%4`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Write %1 (%n bytes)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(deleted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set user variable %1 from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Flow</name>
    <message>
        <source>nothing for the Docker step to repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing for the environment step to repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing for the reinstall step to repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing for the system step to repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declined by the user</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FlowChart</name>
    <message>
        <source>Start: PyTorch does not work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Is it urgent?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the project in Docker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repair the environment variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Solved?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System-level repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it works</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it did not work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FlowText</name>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>answered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run at the user&apos;s request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the user says it is solved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the user says it is not solved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked again: no errors left</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>checked again: %n error(s) left (%1)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declined: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repair flowchart (&gt; where you are, * passed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result: solved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result: not solved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result: not solved; still failing: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GpuCheck</name>
    <message>
        <source>Can PyTorch use the GPU?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch is a CUDA %1 build, but no NVIDIA driver was found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without an NVIDIA driver torch runs on the CPU. If this machine has an NVIDIA GPU, install its driver (%1). If it has none, the CPU build of torch is smaller. Looked for: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any recent one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or newer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An NVIDIA GPU is here, but torch %1 is a CPU-only build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch will not use %1. For driver %2 the right build comes from %3 (%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The NVIDIA driver %1 is too old for torch&apos;s CUDA %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1 is built with CUDA %2, which needs driver %3 or newer; driver %4 supports CUDA up to %5. Update the driver, or install a torch built for an older CUDA%6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1 has no code for %2 (compute capability %3.%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build&apos;s kernels are compiled for other GPU generations (%1), so CUDA calls fail with &quot;no kernel image is available for execution on the device&quot;. Install a build that covers sm_%2%3: %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only PTX for JIT compilation covers this GPU: the first run of each kernel is slow. A build with native code is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.cuda.is_available() is False</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1 (CUDA %2) and driver %3 should work together, yet torch sees no GPU. Check CUDA_VISIBLE_DEVICES, that no other process holds the GPU in exclusive mode, and that the driver&apos;s kernel module is loaded (nvidia-smi works).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportCheck</name>
    <message>
        <source>Does `import torch` work?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The library that really fails is %1 (%2), reached through %3. %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>`import torch` failed with %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>`import torch` fails: WinError %1 loading %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>`import torch` fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Python process died during `import torch` (%1). A crash inside a native library usually means two incompatible copies of a runtime in one process (OpenMP, the C++ runtime), a CPU without the instructions the build needs, or a damaged file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its last words: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>`import torch` crashes Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>`import torch` did not finish in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The import was stopped after %1 seconds. A hang while loading usually means a network file system or antivirus scanning every DLL, a dead GPU driver, or a deadlock between two OpenMP runtimes. Try again with a longer --timeout to tell slow from stuck.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The import test could not run in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. The rest of the diagnosis does not depend on it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LibraryCheck</name>
    <message>
        <source>Can every native library of PyTorch be loaded?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Microsoft Visual C++ runtime (%1) is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs %2, which comes with the Visual C++ 2015-2022 x64 Redistributable. Install the latest one from Microsoft (aka.ms/vs/17/release/vc_redist.x64.exe); never copy the DLL from a download site. %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is missing (needed by %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is built for another architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version %1 is missing from the %2 that loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another copy of %1 is in the way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is older than the %3 that torch %4 needs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The copy that loads is %1. %2 Install the latest Visual C++ 2015-2022 x64 Redistributable (%3); if another program put an old copy earlier in the search order, remove it from there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More than one OpenMP runtime would load into one process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PackagesCheck</name>
    <message>
        <source>Do torchvision and torchaudio match torch?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is installed, but torch %3 needs %1 %4%5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is built for %3, torch %4 for %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not match torch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mismatched packages fail with errors such as &quot;operator torchvision::nms does not exist&quot; or undefined symbols. Reinstall them together from the same index.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PythonCheck</name>
    <message>
        <source>Is the Python interpreter one PyTorch supports?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Python interpreter was found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Neither python3 nor python is on PATH, and no interpreter was named. Install Python (64-bit, a version PyTorch supports) or name one with --python.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it could not be run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not work as a Python interpreter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2. Name a working interpreter with --python.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This Python is 32-bit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch publishes 64-bit builds only, and a 32-bit process cannot load 64-bit DLLs (WinError 193). Install a 64-bit Python and PyTorch into it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch publishes no builds for %1 on this system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current PyTorch releases for macOS are for Apple silicon (arm64) only. An x86_64 Python (for example one running under Rosetta) cannot install them: use an arm64 Python.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheels exist for Linux x86_64 and aarch64, Windows x86_64 and macOS arm64.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchDoctor itself runs under Rosetta</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is an Apple silicon Mac running x86_64 code. A Python running the same way loads x86_64 libraries only, and PyTorch&apos;s macOS builds are arm64 only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python %1 is not supported by torch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1 supports Python %2. Use a Python in that range (a venv with the right version is simplest), or a torch release that supports Python %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python %1 is only experimental for torch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1 fully supports Python %2; builds for %3 are experimental and some features may be missing.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReinstallPlanner</name>
    <message>
        <source>Reinstall PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No usable Python interpreter was found: there is nothing to install into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1 has no build for this machine (Python %2, this GPU and driver): the plan installs torch %3 instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No PyTorch release has a build for Python %1 on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No PyTorch build covers this GPU (compute capability %1.%2): the CPU build is planned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The NVIDIA driver %1 is too old for every CUDA build: the CPU build is planned. Update the driver to use the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which %1 goes with torch %2 is not known: pip picks one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch was installed by uv, but uv is not on PATH: pip is used instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch in this environment came from conda. Installing with pip into a conda environment mixes two package managers: conda does not know what pip changed, and a later `conda install` or `conda update` can break torch again. The conda way instead: `%1`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SNAPSHOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before the step, the installed versions of %1 (and nvidia-*, triton) are recorded (SNAPSHOT, kept in the journal); `torchdoctor undo` reinstalls exactly those: `%2`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>`torchdoctor undo` uninstalls what this installs: `%1`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packages the install pulls in (nvidia-*, triton, ...) stay after undo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall torch %1 (%2) with %3 from %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the configured index</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TorchInstallCheck</name>
    <message>
        <source>Is PyTorch installed for this Python?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no torch package: `import torch` cannot work in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch is installed for %1, not for this one. Run your program with that interpreter, or install torch into this one with `%2 -m pip install torch` (the reinstall step picks the right build for your GPU).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No other Python on this machine has it either. Install it with `%1 -m pip install torch` (the reinstall step picks the right build for your GPU and driver).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch is not installed for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two installations of torch overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This environment holds %1 torch distributions (%2). pip or conda left one behind, and files of different versions are mixed in one folder. Uninstall torch until none is left, then install it once.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::report</name>
    <message>
        <source>TorchDoctor %1: diagnosis of %2

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no Python found)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python %1 (%2-bit) at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch %1 (%2) at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA %1 build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; imports in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Native libraries: %1 walked from %2 that torch loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Native libraries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU: no NVIDIA driver found (torch runs on the CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU: NVIDIA driver %1 (CUDA %2)%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; torch uses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; torch does not use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packages%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment variables and paths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchDoctor itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repairs that apply: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python interpreters found:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(torch %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU probe: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The diagnosis was cancelled; what is above is incomplete.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>• No issues found (%1 s).
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 error(s), %2 warning(s) (%3 s). Knowledge base of %4.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N/A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes (%1 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA used to build PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Is CUDA available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>False</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Libc version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2-bit runtime)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python executable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nvidia driver version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (supports CUDA %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no NVIDIA driver found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU models and configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Versions of relevant libraries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ No issues found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 error(s), %3 warning(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created %1 by %2 %3 · knowledge base of %4 · %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>personal data and secrets redacted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT REDACTED: for local use only, do not share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT REDACTED: this report may hold user names, paths and secrets. Keep it for local use; do not share it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT REDACTED: for local use only, do not share.

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># TorchDoctor report

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT REDACTED: this report may hold personal data and secrets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>## Summary

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>## Findings

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems were found.

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failing dependency chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repairs that apply:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python interpreters found (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interpreter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment variables (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log (last %1 lines)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchDoctor report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems were found.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::ConfirmDialog</name>
    <message>
        <source>(needs administrator rights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps to apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps marked with a shield ask for administrator rights when they run, and only those steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every step is written to the journal before it runs: Undo puts it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Do not change anything</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::DiagnosePage</name>
    <message>
        <source>Checking PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every check runs in the background; the window stays usable, and you can stop them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, in the project %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosing %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hecks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks and their state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overall progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop the checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run the checks again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the checks again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping: the programs the checks started are being ended…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 steps done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checks were stopped; nothing was concluded. Run them again, or go back to choose another target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Done in %1 s: %n problem(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n warning(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>td::ui::DockerPage</name>
    <message>
        <source>Method 1: run the project in Docker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The quickest way to a working project: the container brings its own PyTorch, CUDA libraries and Python.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it costs: Docker Desktop (Windows, macOS) or Docker Engine, a docker-compose.yml in the project, several gigabytes for the first build, and on Windows about 5–10% of the speed. The Python on this machine stays as it is.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::DonePage</name>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the repairs changed, and how to put it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What &amp;changed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes made in this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo the last repair…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo the last repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing needs repair: PyTorch works here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Solved: PyTorch works now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Not solved: %n problem(s) remain. The report on the next page says what is left; send it to whoever supports you.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (undone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was changed on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Put back what the repair changed, in these %n step(s)?</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Undo %n step(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undoing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undone (recorded as %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::EnvPage</name>
    <message>
        <source>Method 2: repair the environment variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removes the entries of PATH, LD_LIBRARY_PATH and similar variables that put a wrong copy of a library in front of PyTorch&apos;s own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Good to know: advice found online often adds torch\lib or a CUDA folder to PATH. Python 3.8 and later no longer search PATH for an extension&apos;s DLLs (torch adds its own folders itself), and PYTORCH_MPS_* variables mean nothing on Windows; KMP_DUPLICATE_LIB_OK=TRUE hides a real conflict and can give wrong results. This step only removes what is in the way.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::ExportPage</name>
    <message>
        <source>Save the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report for support</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send it to whoever helps you, or paste it into a GitHub issue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (GitHub issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML (one file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hide personal data (user and host names, home folder, secrets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide personal data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preview of exactly what would be shared (personal data hidden):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preview: personal data is NOT hidden; keep this report to yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy to clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the report to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the &amp;folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the folder of the saved report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report is on the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder could not be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::FindingsPage</name>
    <message>
        <source>What is wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each finding says what is wrong, why, and what repairs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Findings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings by area</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;What it means:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explanation of the selected finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The failing &amp;chain of libraries:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dependency chain of the selected finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Library</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) keep PyTorch from working.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>PyTorch works; %n warning(s) are worth a look.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No problem found: PyTorch works here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Native libraries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU and CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>information</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The error you pasted names %1. The file really at fault is %2 (%3), reached through %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The error you pasted names %1; this machine&apos;s copy of PyTorch loads it without a problem, so the findings below are about the installation as it is now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run in Docker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>repair the environment variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reinstall PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>system-level repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repairs that address it: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrong architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>version missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another copy is in the way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loads, needs the next one</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::FixPage</name>
    <message>
        <source>Passed by on the way here, because no finding calls for it: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is nothing for this step to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This step cannot be applied here; the notes above say why. Go on to the next step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking that the repair can go ahead (nothing is changed)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The repair cannot go ahead: %1. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for your answer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Apply these %n step(s)? Nothing else will be changed.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Apply %n step(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>You declined: nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling: the running step is being stopped…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every step ran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n step(s); what ran is in the journal and can be undone.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Step %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped before the step ran: the journal could not be written (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking again whether PyTorch works now…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check after the repair did not finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project is set up to run in Docker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Docker set-up did not work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Solved: the checks find no problem now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Not solved yet: %n problem(s) remain.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Gone: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still there: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You said it is solved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You said it is still broken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped: nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::FixRunnerWidget</name>
    <message>
        <source>The exact &amp;steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps of the repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel the repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;kip this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go on without it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Output:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output of the repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It &amp;is solved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override: it is solved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is s&amp;till broken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override: it is still broken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No finding calls for this repair.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(needs administrator rights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Afterwards: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::FlowChartWidget</name>
    <message>
        <source>Repair flowchart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are at: %1. The path so far: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::ReinstallPage</name>
    <message>
        <source>Method 3: reinstall PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installs the PyTorch build that fits this machine: the CUDA variant from the driver and the GPU, for this Python version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Good to know: the wheel index is chosen from the driver, the GPU generation and the Python version, and the environment&apos;s own installer (pip or uv) is used. A snapshot of the installed packages is taken first, so that Undo can put them back.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::SystemPage</name>
    <message>
        <source>Method 4: system-level repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repairs what PyTorch needs from the operating system, such as the Microsoft Visual C++ runtime.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Good to know: regsvr32 fbgemm.dll cannot work (fbgemm.dll is not a COM server), and wuauclt /detectnow is gone on Windows 10 and later. Steps that need administrator rights are marked and ask for them alone.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::UrgentPage</name>
    <message>
        <source>Is it urgent?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do you need the project running now, more than a repaired Python?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are two ways on from here. Choose one; the flowchart beside shows where each leads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;No: repair this Python in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not urgent: repair this Python in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Costs some minutes. Goes through the environment variables, then reinstalling PyTorch, then system-level repairs, only as far as needed. Each step shows exactly what it changes, asks first, is checked afterwards, and can be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Yes: run the project in Docker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Urgent: run the project in Docker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs Docker (Docker Desktop on Windows and macOS) and a docker-compose.yml in the project. The first build downloads several gigabytes; on Windows expect about 5–10% less speed. Your Python stays as broken as it is: it only sidesteps the problem.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This project has no docker-compose.yml that TorchDoctor found; the Docker step can only tell you what it needs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project has %1, but Docker does not answer on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project has %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::WelcomePage</name>
    <message>
        <source>Choose a project folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What should TorchDoctor check?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the Python that fails to run PyTorch, or the project folder that uses it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchDoctor finds out why PyTorch does not load or does not use the GPU, explains it in plain words, and repairs it one confirmed step at a time. Nothing changes without your yes, and every change can be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Python interpreters found:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python interpreters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project &amp;folders:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add a folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a project folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>or drop a folder here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pa&amp;ste the error you saw (optional; from any program, in any language):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The error you saw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For example: OSError: [WinError 126] … Error loading &quot;…\torch\lib\fbgemm.dll&quot; or one of its dependencies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project&apos;s venv, else python3 on PATH (default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (cannot run: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python %1 (%2-bit) with torch %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python %1 (%2-bit) without torch: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No project folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for Python interpreters…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n interpreter(s) found.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Windows error %1 while loading %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be found by the loader.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 that loads lacks version %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The symbol %1 is missing from a loaded library.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is built for %2, but this process needs %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two OpenMP runtimes were loaded into one process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This Python has no module named %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A 32-bit library was loaded into a 64-bit process, or the reverse.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A DLL of %1 failed to load.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchDoctor does not recognize this text; the diagnosis will look for the cause anyway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It comes from the torch of %1, which is now selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The diagnosis starts from the file it names.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>td::ui::Wizard</name>
    <message>
        <source>TorchDoctor: repair PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Continue &gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
