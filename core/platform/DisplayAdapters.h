// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace td::platform {

// A display adapter as Windows' device setup lists it (one subkey of the display class per adapter).
struct DisplayAdapter {
    QString name;     // DriverDesc: "AMD Radeon RX 7900 XTX"
    QString vendor;   // "AMD", "NVIDIA", "Intel", or the PCI vendor id ("1ed5") when none of them
    QString deviceId; // MatchingDeviceId: "pci\\ven_1002&dev_744c"
};

// The display class key of Windows' device setup.
QString displayClassKey();

// The adapters under a display class key ("HKEY_LOCAL_MACHINE\\SYSTEM\\...\\{4d36e968-...}"), in subkey
// order; empty where there is no registry (not Windows) or no such key.
QList<DisplayAdapter> readDisplayAdapters(const QString &classKey = displayClassKey());

// The vendor of a PCI device id ("pci\\ven_1002&dev_744c&subsys_..." -> "AMD"); empty when none is named.
QString vendorOfDeviceId(const QString &deviceId);

} // namespace td::platform
