// SPDX-License-Identifier: GPL-3.0-or-later
// The display adapters of Windows' device setup. As a Windows program (under Wine here) it writes
// a throw-away key laid out as the display class is (one numbered subkey per adapter, "Properties"
// beside them) with the registry's own API, and reads it back through ours.
#include "platform/DisplayAdapters.h"

#include <gtest/gtest.h>

#ifdef Q_OS_WIN
#include <windows.h>

#include <QCoreApplication>
#include <string>
#endif

using namespace td::platform;

TEST(DisplayAdapters, TheVendorIsThePciVendorIdOfTheDevice)
{
    EXPECT_EQ(vendorOfDeviceId(QStringLiteral("pci\\ven_1002&dev_744c&subsys_0e3b1002")), QStringLiteral("AMD"));
    EXPECT_EQ(vendorOfDeviceId(QStringLiteral("PCI\\VEN_10DE&DEV_2684")), QStringLiteral("NVIDIA"));
    EXPECT_EQ(vendorOfDeviceId(QStringLiteral("pci\\ven_8086&dev_a780")), QStringLiteral("Intel"));
    EXPECT_EQ(vendorOfDeviceId(QStringLiteral("pci\\ven_1ed5&dev_0100")), QStringLiteral("1ed5"));
    EXPECT_EQ(vendorOfDeviceId(QStringLiteral("root\\basicdisplay")), QString());
}

#ifdef Q_OS_WIN
namespace {

void setString(const std::wstring &key, const wchar_t *name, const std::wstring &value)
{
    ASSERT_EQ(RegSetKeyValueW(HKEY_CURRENT_USER, key.c_str(), name, REG_SZ, value.c_str(),
                              static_cast<DWORD>((value.size() + 1) * sizeof(wchar_t))),
              ERROR_SUCCESS);
}

} // namespace

TEST(DisplayAdapters, EachNumberedSubkeyIsAnAdapterWithItsNameAndVendor)
{
    const std::wstring root =
        L"Software\\TorchDoctorTests\\DisplayClass-" + std::to_wstring(QCoreApplication::applicationPid());
    setString(root + L"\\0000", L"DriverDesc", L"AMD Radeon RX 7900 XTX");
    setString(root + L"\\0000", L"MatchingDeviceId", L"pci\\ven_1002&dev_744c");
    setString(root + L"\\0001", L"DriverDesc", L"NVIDIA GeForce RTX 4090");
    setString(root + L"\\0001", L"MatchingDeviceId", L"PCI\\VEN_10DE&DEV_2684");
    setString(root + L"\\Properties", L"DriverDesc", L"not an adapter");
    setString(root + L"\\0002", L"MatchingDeviceId", L"root\\basicdisplay"); // no name: not listed

    const QList<DisplayAdapter> adapters = readDisplayAdapters(
        QStringLiteral("HKEY_CURRENT_USER\\") + QString::fromStdWString(root));
    RegDeleteTreeW(HKEY_CURRENT_USER, root.c_str());

    ASSERT_EQ(adapters.size(), 2);
    EXPECT_EQ(adapters[0].name, QStringLiteral("AMD Radeon RX 7900 XTX"));
    EXPECT_EQ(adapters[0].vendor, QStringLiteral("AMD"));
    EXPECT_EQ(adapters[1].name, QStringLiteral("NVIDIA GeForce RTX 4090"));
    EXPECT_EQ(adapters[1].vendor, QStringLiteral("NVIDIA"));
    EXPECT_TRUE(readDisplayAdapters(QStringLiteral("HKEY_CURRENT_USER\\") + QString::fromStdWString(root)).isEmpty());
}
#endif
