// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/GpuInfo.h"

namespace td::platform {

QString GpuInfo::cudaDriverVersionString() const
{
    if (cudaDriverVersion <= 0)
        return {};
    // NVML and the CUDA driver API encode 12.6 as 12060.
    return QStringLiteral("%1.%2").arg(cudaDriverVersion / 1000).arg((cudaDriverVersion % 1000) / 10);
}

QStringList GpuInfo::amdGpus() const
{
    QStringList out;
    for (const QString &gfx : amdGfx)
        out << QStringLiteral("AMD ") + gfx;
    for (const QString &adapter : amdAdapters)
        out << (adapter.startsWith(QLatin1String("AMD"), Qt::CaseInsensitive) ? adapter
                                                                               : QStringLiteral("AMD ") + adapter);
    return out;
}

} // namespace td::platform
