// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace td::python {

// A line of a .pth file in a site folder that puts a folder on sys.path: at start, Python's `site`
// reads every *.pth of each site folder (in name order) and appends each line that names an existing
// folder, after the site folder itself. A line that starts with `import` is run as code instead (it may
// put a folder anywhere on sys.path); comments are nothing.
struct PthPath {
    QString file; // the .pth file
    int line = 0; // 1-based
    QString text; // the line as written
    QString path; // the folder it adds, absolute; empty for code
    bool runsCode = false;
};

// The folders the .pth files of `siteFolders` add, and their lines of code, in the order Python reads
// them. Reads each file's first 64 KiB at most.
QList<PthPath> pthPaths(const QStringList &siteFolders);

} // namespace td::python
