// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/Nvml.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLibrary>

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <iterator>
#include <memory>
#include <mutex>
#include <thread>

#if defined(Q_OS_UNIX)
#include <dlfcn.h>
#elif defined(Q_OS_WIN)
#include <qt_windows.h>
#endif

namespace td::platform {

namespace {

// The few NVML types used here, laid out as in nvml.h. The versioned entry
// points (_v2, _v3) promise these layouts, so no header is needed.
using NvmlReturn = int;
struct NvmlDeviceOpaque;
using NvmlDevice = NvmlDeviceOpaque *;

struct NvmlMemory {
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};

struct NvmlPciInfo {
    char busIdLegacy[16];
    unsigned int domain;
    unsigned int bus;
    unsigned int device;
    unsigned int pciDeviceId;
    unsigned int pciSubSystemId;
    char busId[32];
};
static_assert(offsetof(NvmlPciInfo, busId) == 36, "nvmlPciInfo_t layout");

constexpr NvmlReturn NvmlSuccess = 0;
// Larger than every NVML_*_BUFFER_SIZE (driver 80, name and UUID 96).
constexpr unsigned int TextBufferSize = 256;

using InitFn = NvmlReturn (*)();
using ErrorStringFn = const char *(*)(NvmlReturn);
using TextFn = NvmlReturn (*)(char *, unsigned int);
using IntFn = NvmlReturn (*)(int *);
using CountFn = NvmlReturn (*)(unsigned int *);
using HandleFn = NvmlReturn (*)(unsigned int, NvmlDevice *);
using DeviceTextFn = NvmlReturn (*)(NvmlDevice, char *, unsigned int);
using ComputeCapabilityFn = NvmlReturn (*)(NvmlDevice, int *, int *);
using MemoryFn = NvmlReturn (*)(NvmlDevice, NvmlMemory *);
using PciFn = NvmlReturn (*)(NvmlDevice, NvmlPciInfo *);

QString fromBuffer(const char *buffer, size_t size)
{
    return QString::fromUtf8(buffer, static_cast<qsizetype>(qstrnlen(buffer, size))).trimmed();
}

// The file the loader really opened ("libnvidia-ml.so.1" names no folder).
QString loadedFrom(QFunctionPointer symbol)
{
#if defined(Q_OS_UNIX)
    Dl_info dlInfo = {};
    if (dladdr(reinterpret_cast<void *>(symbol), &dlInfo) != 0 && dlInfo.dli_fname != nullptr)
        return QFile::decodeName(dlInfo.dli_fname);
#elif defined(Q_OS_WIN)
    HMODULE module = nullptr;
    if (GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                           reinterpret_cast<LPCWSTR>(symbol), &module)) {
        wchar_t buffer[4096];
        const DWORD length = GetModuleFileNameW(module, buffer, static_cast<DWORD>(std::size(buffer)));
        if (length > 0 && length < std::size(buffer))
            return QDir::toNativeSeparators(QString::fromWCharArray(buffer, static_cast<qsizetype>(length)));
    }
#else
    Q_UNUSED(symbol)
#endif
    return {};
}

// One NVML library, loaded and (once init() succeeded) initialised; shut
// down and unloaded when it goes out of scope.
class NvmlLibrary {
public:
    explicit NvmlLibrary(const QString &name) : m_name(name), m_library(name) {}
    ~NvmlLibrary()
    {
        if (m_initialised && m_shutdown != nullptr)
            m_shutdown();
        if (m_library.isLoaded())
            m_library.unload();
    }
    NvmlLibrary(const NvmlLibrary &) = delete;
    NvmlLibrary &operator=(const NvmlLibrary &) = delete;

    [[nodiscard]] bool load(QStringList &notes)
    {
        if (!m_library.load()) {
            notes << QCoreApplication::translate("GpuProbe", "NVML: %1 did not load: \"%2\"").arg(m_name, m_library.errorString());
            return false;
        }
        return true;
    }

    template <typename Fn> Fn resolve(const char *symbol)
    {
        // QFunctionPointer is void (*)(), which converts to any function type.
        return reinterpret_cast<Fn>(m_library.resolve(symbol));
    }

    // The first of the symbols that the library has, noting when none is there.
    template <typename Fn> Fn resolveAny(std::initializer_list<const char *> symbols, QStringList &missing)
    {
        for (const char *symbol : symbols) {
            if (Fn fn = resolve<Fn>(symbol))
                return fn;
        }
        missing << QString::fromLatin1(*symbols.begin());
        return nullptr;
    }

    // "NVML_ERROR_NOT_SUPPORTED (Not Supported)"
    [[nodiscard]] QString describe(NvmlReturn code) const
    {
        QString text = nvmlErrorName(code);
        if (m_errorString != nullptr) {
            const char *detail = m_errorString(code);
            if (detail != nullptr && detail[0] != '\0')
                text += QStringLiteral(" (") + QString::fromUtf8(detail) + QLatin1Char(')');
        }
        return text;
    }

    [[nodiscard]] bool query(GpuInfo &info);

private:
    QString m_name;
    QLibrary m_library;
    bool m_initialised = false;
    InitFn m_shutdown = nullptr;
    ErrorStringFn m_errorString = nullptr;
};

bool NvmlLibrary::query(GpuInfo &info)
{
    QStringList &notes = info.notes;
    m_errorString = resolve<ErrorStringFn>("nvmlErrorString");
    InitFn init = resolve<InitFn>("nvmlInit_v2");
    if (init == nullptr)
        init = resolve<InitFn>("nvmlInit");
    m_shutdown = resolve<InitFn>("nvmlShutdown");
    if (init == nullptr || m_shutdown == nullptr) {
        notes << QCoreApplication::translate("GpuProbe", "NVML: %1 loaded but lacks nvmlInit_v2/nvmlInit or nvmlShutdown").arg(m_name);
        return false;
    }
    const QString path = loadedFrom(reinterpret_cast<QFunctionPointer>(init));
    const QString where = path.isEmpty() ? m_name : path;

    const NvmlReturn initResult = init();
    if (initResult != NvmlSuccess) {
        notes << QCoreApplication::translate("GpuProbe", "NVML found but nvmlInit failed: %1, in %2").arg(describe(initResult), where);
        return false;
    }
    m_initialised = true;

    info.nvidiaDriverFound = true;
    info.source = QStringLiteral("nvml");
    info.nvmlPath = where;

    QStringList missing;
    const auto driverVersion = resolveAny<TextFn>({"nvmlSystemGetDriverVersion"}, missing);
    const auto cudaVersion =
        resolveAny<IntFn>({"nvmlSystemGetCudaDriverVersion_v2", "nvmlSystemGetCudaDriverVersion"}, missing);
    const auto count = resolveAny<CountFn>({"nvmlDeviceGetCount_v2", "nvmlDeviceGetCount"}, missing);
    const auto handle = resolveAny<HandleFn>({"nvmlDeviceGetHandleByIndex_v2", "nvmlDeviceGetHandleByIndex"}, missing);
    const auto name = resolveAny<DeviceTextFn>({"nvmlDeviceGetName"}, missing);
    const auto computeCapability = resolveAny<ComputeCapabilityFn>({"nvmlDeviceGetCudaComputeCapability"}, missing);
    const auto memory = resolveAny<MemoryFn>({"nvmlDeviceGetMemoryInfo"}, missing);
    const auto uuid = resolveAny<DeviceTextFn>({"nvmlDeviceGetUUID"}, missing);
    const auto pci = resolveAny<PciFn>({"nvmlDeviceGetPciInfo_v3"}, missing);
    if (!missing.isEmpty())
        notes << QCoreApplication::translate("GpuProbe", "NVML: %1 lacks %2; skipped").arg(where, missing.join(QStringLiteral(", ")));

    const auto failed = [&](const QString &call, NvmlReturn code) {
        notes << QCoreApplication::translate("GpuProbe", "NVML: %1 failed: %2").arg(call, describe(code));
    };

    if (driverVersion != nullptr) {
        char buffer[TextBufferSize] = {};
        if (const NvmlReturn rc = driverVersion(buffer, TextBufferSize); rc == NvmlSuccess)
            info.driverVersion = fromBuffer(buffer, sizeof(buffer));
        else
            failed(QStringLiteral("nvmlSystemGetDriverVersion"), rc);
    }
    if (cudaVersion != nullptr) {
        int version = 0;
        if (const NvmlReturn rc = cudaVersion(&version); rc == NvmlSuccess)
            info.cudaDriverVersion = version;
        else
            failed(QStringLiteral("nvmlSystemGetCudaDriverVersion"), rc);
    }
    if (count == nullptr || handle == nullptr)
        return true; // the driver answered; which GPUs it drives stays unknown

    unsigned int deviceCount = 0;
    if (const NvmlReturn rc = count(&deviceCount); rc != NvmlSuccess) {
        failed(QStringLiteral("nvmlDeviceGetCount"), rc);
        return true;
    }
    for (unsigned int index = 0; index < deviceCount; ++index) {
        const QString gpuLabel = QStringLiteral("GPU %1").arg(index);
        NvmlDevice device = nullptr;
        if (const NvmlReturn rc = handle(index, &device); rc != NvmlSuccess) {
            // A GPU that fell off the bus fails here; the others still count.
            failed(QStringLiteral("nvmlDeviceGetHandleByIndex(%1)").arg(index), rc);
            continue;
        }
        Gpu gpu;
        if (name != nullptr) {
            char buffer[TextBufferSize] = {};
            if (const NvmlReturn rc = name(device, buffer, TextBufferSize); rc == NvmlSuccess)
                gpu.name = fromBuffer(buffer, sizeof(buffer));
            else
                failed(QStringLiteral("nvmlDeviceGetName(%1)").arg(gpuLabel), rc);
        }
        if (computeCapability != nullptr) {
            int major = 0;
            int minor = 0;
            if (const NvmlReturn rc = computeCapability(device, &major, &minor); rc == NvmlSuccess) {
                gpu.ccMajor = major;
                gpu.ccMinor = minor;
            } else {
                failed(QStringLiteral("nvmlDeviceGetCudaComputeCapability(%1)").arg(gpuLabel), rc);
            }
        }
        if (memory != nullptr) {
            NvmlMemory memoryInfo = {};
            if (const NvmlReturn rc = memory(device, &memoryInfo); rc == NvmlSuccess)
                gpu.memoryMiB = static_cast<qint64>(memoryInfo.total / (1024ULL * 1024ULL));
            else
                failed(QStringLiteral("nvmlDeviceGetMemoryInfo(%1)").arg(gpuLabel), rc);
        }
        if (uuid != nullptr) {
            char buffer[TextBufferSize] = {};
            if (const NvmlReturn rc = uuid(device, buffer, TextBufferSize); rc == NvmlSuccess)
                gpu.uuid = fromBuffer(buffer, sizeof(buffer));
            else
                failed(QStringLiteral("nvmlDeviceGetUUID(%1)").arg(gpuLabel), rc);
        }
        if (pci != nullptr) {
            NvmlPciInfo pciInfo = {};
            if (const NvmlReturn rc = pci(device, &pciInfo); rc == NvmlSuccess)
                gpu.busId = fromBuffer(pciInfo.busId, sizeof(pciInfo.busId));
            else
                failed(QStringLiteral("nvmlDeviceGetPciInfo_v3(%1)").arg(gpuLabel), rc);
        }
        info.gpus << gpu;
    }
    return true;
}

bool queryLibraries(const QStringList &libraries, GpuInfo &info)
{
    for (const QString &name : libraries) {
        NvmlLibrary library(name);
        if (library.load(info.notes) && library.query(info))
            return true;
    }
    return false;
}

} // namespace

QStringList defaultNvmlLibraries(bool wsl)
{
#if defined(Q_OS_WIN)
    Q_UNUSED(wsl)
    QStringList libraries;
    wchar_t systemDir[MAX_PATH] = {};
    const UINT length = GetSystemDirectoryW(systemDir, MAX_PATH);
    if (length > 0 && length < MAX_PATH)
        libraries << QString::fromWCharArray(systemDir, static_cast<qsizetype>(length)) + QStringLiteral("\\nvml.dll");
    // A 32-bit process sees the 32-bit Program Files in %ProgramFiles%.
    QString programFiles = qEnvironmentVariable("ProgramW6432");
    if (programFiles.isEmpty())
        programFiles = qEnvironmentVariable("ProgramFiles");
    if (!programFiles.isEmpty())
        libraries << QDir::toNativeSeparators(programFiles + QStringLiteral("/NVIDIA Corporation/NVSMI/nvml.dll"));
    return libraries;
#elif defined(Q_OS_MACOS)
    Q_UNUSED(wsl)
    return {}; // no NVIDIA driver for macOS since 10.13
#else
    QStringList libraries;
    if (wsl)
        libraries << QStringLiteral("/usr/lib/wsl/lib/libnvidia-ml.so.1");
    // The soname is what the driver installs; the bare .so only with dev packages.
    libraries << QStringLiteral("libnvidia-ml.so.1") << QStringLiteral("libnvidia-ml.so");
    return libraries;
#endif
}

bool queryNvml(const QStringList &libraries, GpuInfo &info, std::chrono::milliseconds timeout,
               const CancelToken &cancel)
{
    if (libraries.isEmpty()) {
        info.notes << QCoreApplication::translate("GpuProbe", "NVML: no library to try on this platform");
        return false;
    }

    if (cancel.isCancelled()) {
        info.notes << QCoreApplication::translate("GpuProbe", "NVML: cancelled before it was asked");
        return false;
    }

    // Shared with the worker, which may outlive this call when the driver hangs.
    struct Shared {
        std::mutex mutex;
        std::condition_variable finishedChanged;
        bool finished = false;
        bool answered = false;
        GpuInfo result;
    };
    auto shared = std::make_shared<Shared>();
    std::thread worker([shared, libraries] {
        GpuInfo result;
        const bool answered = queryLibraries(libraries, result);
        const std::lock_guard lock(shared->mutex);
        shared->result = std::move(result);
        shared->answered = answered;
        shared->finished = true;
        shared->finishedChanged.notify_all();
    });

    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + timeout;
    std::unique_lock lock(shared->mutex);
    while (!shared->finished && !cancel.isCancelled()) {
        const auto now = Clock::now();
        if (now >= deadline)
            break;
        // Wake now and then to see the cancel token.
        shared->finishedChanged.wait_until(lock, std::min(deadline, now + std::chrono::milliseconds(50)));
    }
    if (!shared->finished) {
        lock.unlock();
        worker.detach();
        if (cancel.isCancelled())
            info.notes << QCoreApplication::translate("GpuProbe", "NVML: cancelled while waiting for the driver");
        else
            info.notes << QCoreApplication::translate("GpuProbe", "NVML: no answer within %1 ms (a call into the driver hung); went on without it")
                              .arg(timeout.count());
        return false;
    }
    lock.unlock();
    worker.join();

    GpuInfo &result = shared->result;
    info.notes << result.notes;
    if (!shared->answered)
        return false;
    info.nvidiaDriverFound = result.nvidiaDriverFound;
    info.driverVersion = result.driverVersion;
    info.cudaDriverVersion = result.cudaDriverVersion;
    info.gpus = result.gpus;
    info.source = result.source;
    info.nvmlPath = result.nvmlPath;
    return true;
}

QString nvmlErrorName(int code)
{
    switch (code) {
    case 0: return QStringLiteral("NVML_SUCCESS");
    case 1: return QStringLiteral("NVML_ERROR_UNINITIALIZED");
    case 2: return QStringLiteral("NVML_ERROR_INVALID_ARGUMENT");
    case 3: return QStringLiteral("NVML_ERROR_NOT_SUPPORTED");
    case 4: return QStringLiteral("NVML_ERROR_NO_PERMISSION");
    case 5: return QStringLiteral("NVML_ERROR_ALREADY_INITIALIZED");
    case 6: return QStringLiteral("NVML_ERROR_NOT_FOUND");
    case 7: return QStringLiteral("NVML_ERROR_INSUFFICIENT_SIZE");
    case 8: return QStringLiteral("NVML_ERROR_INSUFFICIENT_POWER");
    case 9: return QStringLiteral("NVML_ERROR_DRIVER_NOT_LOADED");
    case 10: return QStringLiteral("NVML_ERROR_TIMEOUT");
    case 11: return QStringLiteral("NVML_ERROR_IRQ_ISSUE");
    case 12: return QStringLiteral("NVML_ERROR_LIBRARY_NOT_FOUND");
    case 13: return QStringLiteral("NVML_ERROR_FUNCTION_NOT_FOUND");
    case 14: return QStringLiteral("NVML_ERROR_CORRUPTED_INFOROM");
    case 15: return QStringLiteral("NVML_ERROR_GPU_IS_LOST");
    case 16: return QStringLiteral("NVML_ERROR_RESET_REQUIRED");
    case 17: return QStringLiteral("NVML_ERROR_OPERATING_SYSTEM");
    case 18: return QStringLiteral("NVML_ERROR_LIB_RM_VERSION_MISMATCH");
    case 19: return QStringLiteral("NVML_ERROR_IN_USE");
    case 20: return QStringLiteral("NVML_ERROR_MEMORY");
    case 21: return QStringLiteral("NVML_ERROR_NO_DATA");
    case 22: return QStringLiteral("NVML_ERROR_VGPU_ECC_NOT_ENABLED");
    case 23: return QStringLiteral("NVML_ERROR_INSUFFICIENT_RESOURCES");
    case 24: return QStringLiteral("NVML_ERROR_FREQ_NOT_SUPPORTED");
    case 25: return QStringLiteral("NVML_ERROR_ARGUMENT_VERSION_MISMATCH");
    case 26: return QStringLiteral("NVML_ERROR_DEPRECATED");
    case 27: return QStringLiteral("NVML_ERROR_NOT_READY");
    case 28: return QStringLiteral("NVML_ERROR_GPU_NOT_FOUND");
    case 29: return QStringLiteral("NVML_ERROR_INVALID_STATE");
    case 999: return QStringLiteral("NVML_ERROR_UNKNOWN");
    default: return QStringLiteral("NVML error %1").arg(code);
    }
}

} // namespace td::platform
