// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace td::platform {

// A display adapter as Windows' device setup lists it (one subkey of the display class per adapter), or as
// Linux's PCI bus does (no name there).
struct DisplayAdapter {
    QString name;     // DriverDesc: "AMD Radeon RX 7900 XTX"; empty from the PCI bus
    QString vendor;   // "AMD", "NVIDIA", "Intel", or the PCI vendor id ("1ed5") when none of them
    QString deviceId; // MatchingDeviceId: "pci\\ven_1002&dev_744c"
};

// The display class key of Windows' device setup.
QString displayClassKey();

// The adapters under a display class key ("HKEY_LOCAL_MACHINE\\SYSTEM\\...\\{4d36e968-...}"), in subkey
// order; empty where there is no registry (not Windows) or no such key.
QList<DisplayAdapter> readDisplayAdapters(const QString &classKey = displayClassKey());

// The display controllers (PCI class 03) under a folder of PCI devices (Linux: /sys/bus/pci/devices, each
// device with its `class`, `vendor` and `device` files), in name order, whether a driver has them or not.
QList<DisplayAdapter> readPciDisplayAdapters(const QString &devicesDir);

// The vendor of a PCI device id ("pci\\ven_1002&dev_744c&subsys_..." -> "AMD"); empty when none is named.
QString vendorOfDeviceId(const QString &deviceId);

} // namespace td::platform
