// SPDX-License-Identifier: GPL-3.0-or-later
// What an installation says about its own files: the RECORD of each .dist-info (PEP 376/627), which
// lists every file a wheel installed with its sha256 and size.
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::python {

// One line of a RECORD: "torch/lib/libc10.so,sha256=<urlsafe base64, no padding>,1234".
struct RecordEntry {
    QString path;     // as written, relative to the folder that holds the .dist-info
    QString hash;     // "sha256=..."; empty for the RECORD itself and files pip compiled
    qint64 size = -1; // -1: not written
};

// Parses one RECORD line (CSV: a path with a comma is quoted); nullopt for an empty or broken line.
std::optional<RecordEntry> parseRecordLine(const QString &line);

// A file as its distribution installed it, and whether it is still that file.
struct FileOwnership {
    QString file;         // the file asked about
    QString distribution; // as its METADATA spells it: "nvidia-cufft-cu12"
    QString version;      // "11.2.1.3"
    QString distInfo;     // its .dist-info folder
    QString installer;    // its INSTALLER: "pip", "uv", "conda"
    QString systemPackage; // no RECORD lists it: the system package manager's owner ("libstdc++6")
    RecordEntry entry;    // the RECORD line that lists the file
    enum class State { Intact, SizeDiffers, HashDiffers, NotChecked } state = State::NotChecked;
    qint64 actualSize = -1;
    [[nodiscard]] bool damaged() const { return state == State::SizeDiffers || state == State::HashDiffers; }
};

// The distribution whose RECORD lists `file`: the .dist-info folders of the nearest folder above it
// that has any (its site-packages). nullopt: none lists it (a system library, a file copied in by hand).
// The size is always compared; with `hash`, a file of the right size is also hashed (read in bounded
// chunks, never whole into memory).
std::optional<FileOwnership> ownerOf(const QString &file, bool hash);

// ownerOf for each of `files`, keyed by the file as given; those no RECORD lists are left out.
// `hashed`: the files whose contents are also compared (the ones that cannot be read as libraries).
QHash<QString, FileOwnership> ownersOf(const QStringList &files, const QStringList &hashed);

// What pip is given to install again each distribution of `folders` (site-packages), as it was installed:
// "name==version"; "name @ URL" for one installed from a URL or folder (its direct_url.json), and
// "--editable=URL" for an editable one. pip itself is left out (a new venv brings its own). Sorted.
QStringList pinnedRequirements(const QStringList &folders);

// The sha256 of a file as RECORD writes it ("sha256=..."), read in bounded chunks; empty when unreadable.
QString recordHashOf(const QString &file);

// A distribution's name as PEP 503 compares it: "Torch_TensorRT" -> "torch-tensorrt".
QString normalizedDistributionName(const QString &name);

} // namespace td::python
