// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace td::python {

// What an `import torch` error message says, read by codes, paths and the
// loaders' fixed phrases, never by the (localized) Windows text.
struct ClassifiedError {
    enum class Kind {
        Unknown,
        WinError,            // [WinError N] ... Error loading "PATH" or one of its dependencies
        MissingSharedObject, // libX.so: cannot open shared object file
        VersionNotFound,     // version `GLIBCXX_3.4.30' not found (required by ...)
        UndefinedSymbol,     // undefined symbol: iJIT_NotifyEvent
        IncompatibleArch,    // macOS: incompatible architecture (have (x86_64), need (arm64e))
        LibraryNotLoaded,    // macOS: Library not loaded: @rpath/libomp.dylib
        OmpDuplicate,        // OMP: Error #15: Initializing libiomp5md.dll, but found ... already initialized
        ModuleNotFound,      // No module named 'torch'
        WrongElfClass,       // wrong ELF class: ELFCLASS32
        DllLoadFailed,       // Windows: DLL load failed while importing _C: (localized text, no code)
        InvalidElfHeader,    // X.so: invalid ELF header (not an ELF file: a text file, an LFS pointer, a PE file)
        FileTooShort,        // X.so: file too short (a truncated or empty file)
    };
    Kind kind = Kind::Unknown;
    int winError = 0;   // 126, 127, 193, 1114, 1455, 4551 ...; 0 with WinError: the paste has no code
    QString path;       // the file the message names (the DLL torch tried, the .so that failed)
    QString library;    // its file name, or the missing library's name
    QString symbol;     // undefined symbol
    QString version;    // missing symbol version
    QString requiredBy; // "(required by X)"
    QString haveArch, needArch;
    QString module;        // ModuleNotFound / DllLoadFailed: the Python module ("torch", "_C")
    QString exceptionType; // "OSError", "ImportError": of the error line that was read, when it has one
    QString package;       // the Python package whose file or code raised it ("torch_scatter"), from a
                           // .../site-packages/<package>/... path; empty when the paste names none
    QString torchVersion;  // a torch version the paste itself names ("2.4.0+cu121"); empty when none
    QString text;          // the whole pasted text, for the knowledge base's message patterns
                           // (control characters but tab and newline replaced by U+FFFD)
};

ClassifiedError classifyImportError(const QString &text);

// The package folders the text's paths name (".../site-packages/torch"), in
// order, each once: what `((?:[A-Za-z]:)?[^\s"'(]*?[/\\](?:site|dist)-packages
// [/\\][A-Za-z_][\w.]*)` finds, except that a path which starts at a root ("/",
// "~/", "C:\\", "\\\\server") may hold spaces ("C:\\Program Files\\...", "/home/a b/..."),
// up to an error line's own words ("ImportError: "). By one pass over the text
// (that pattern, tried at every position of a long line without a space, takes minutes).
QStringList packageFoldersIn(const QString &text);

// The distribution a compiled module most likely comes from, by its name: the module without the
// parts a build adds at its end ("flash_attn_2_cuda" -> "flash_attn", "torch_directml_native" ->
// "torch_directml"); a private module ("_C", "_torch_sox") and any other name as they are.
QString distributionOfModule(const QString &module);

// The system the error happened on, as its loader's wording and paths show it: "windows",
// "linux" or "macos"; empty when the message does not tell.
QString systemOfError(const ClassifiedError &error);
// The system this program runs on, in the same words.
QString thisSystem();

} // namespace td::python
