// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/DisplayAdapters.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSettings>

namespace td::platform {

QString displayClassKey()
{
    // GUID_DEVCLASS_DISPLAY (devguid.h): the setup class of display adapters.
    return QStringLiteral("HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Control\\Class\\"
                          "{4d36e968-e325-11ce-bfc1-08002be10318}");
}

QString vendorOfDeviceId(const QString &deviceId)
{
    static const QRegularExpression vendor(QStringLiteral("ven_([0-9a-f]{4})"),
                                           QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = vendor.match(deviceId);
    if (!m.hasMatch())
        return {};
    const QString id = m.captured(1).toLower();
    // PCI-SIG's vendor ids: ATI/AMD, NVIDIA, Intel.
    return id == QLatin1String("1002")   ? QStringLiteral("AMD")
           : id == QLatin1String("10de") ? QStringLiteral("NVIDIA")
           : id == QLatin1String("8086") ? QStringLiteral("Intel")
                                         : id;
}

QList<DisplayAdapter> readPciDisplayAdapters(const QString &devicesDir)
{
    const auto hex = [](const QString &file) { // "0x10de\n" -> "10de"
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.read(64)).trimmed().remove(QStringLiteral("0x"))
                                           : QString();
    };
    QList<DisplayAdapter> out;
    const QDir dir(devicesDir);
    for (const QString &device : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString base = dir.filePath(device) + u'/';
        if (!hex(base + QStringLiteral("class")).startsWith(QLatin1String("03"))) // 0x03xxxx: display controller
            continue;
        const QString id = QStringLiteral("pci\\ven_%1&dev_%2").arg(hex(base + QStringLiteral("vendor")),
                                                                   hex(base + QStringLiteral("device")));
        out << DisplayAdapter{{}, vendorOfDeviceId(id), id};
    }
    return out;
}

QList<DisplayAdapter> readDisplayAdapters(const QString &classKey)
{
    QList<DisplayAdapter> out;
#if defined(Q_OS_WIN)
    QSettings key(classKey, QSettings::Registry64Format);
    static const QRegularExpression instance(QStringLiteral("^\\d{4}$")); // "0000"; "Properties" is no adapter
    for (const QString &sub : key.childGroups()) {
        if (!instance.match(sub).hasMatch())
            continue;
        key.beginGroup(sub);
        DisplayAdapter a{key.value(QStringLiteral("DriverDesc")).toString(), {},
                         key.value(QStringLiteral("MatchingDeviceId")).toString()};
        key.endGroup();
        a.vendor = vendorOfDeviceId(a.deviceId);
        if (!a.name.isEmpty())
            out << a;
    }
#else
    Q_UNUSED(classKey)
#endif
    return out;
}

} // namespace td::platform
