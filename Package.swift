// swift-tools-version: 6.2
// Iro: an image viewer for GNOME, in Swift over GTK 4.8 and libadwaita 1.2.
import PackageDescription

// UI-facing targets run on GTK's main thread; MainActor is their default isolation.
let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

// Release executables carry the Swift runtime inside (fewer libraries to load at start,
// about 5 ms, and an installed Iro runs without the toolchain), linked by lld with packed
// relative relocations (glibc 2.36's DT_RELR): the runtime's metadata needs some 25 000 of
// them, which as plain RELA records are 0.6–0.9 MB of each binary that the loader reads,
// and so keeps resident, in every process it starts.
let releaseExecutable: [String] = ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]

let package = Package(
    name: "Iro",
    targets: [
        // C layer: the system libraries, and the few C wrappers Swift cannot express.
        .systemLibrary(name: "CGtk", pkgConfig: "libadwaita-1",
                       providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev", "libgdk-pixbuf-2.0-dev"])]),
        .target(name: "CGtkShims", dependencies: ["CGtk"]),
        // The libraries below GTK (GLib, GIO, gdk-pixbuf, cairo), for the modules the decoder
        // helper is built from: it then links no GTK. CGtk includes the same header first.
        .systemLibrary(name: "CGLib", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev", "libcairo2-dev"])]),
        .target(name: "CGLibShims", dependencies: ["CGLib"]),
        // libjpeg-turbo's libjpeg API behind calls that never longjmp into Swift.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // dlopen on first use, for the wrappers below: the libraries they call are loaded when a
        // file first needs one, not when a process starts.
        .target(name: "CLazyLibrary", linkerSettings: [.linkedLibrary("dl")]),
        // librsvg behind plain C types, loaded when the first SVG is opened. Its headers come
        // with librsvg2-dev, in the folders `pkg-config --cflags librsvg-2.0` names beyond CGLib's.
        .target(name: "CSVG", dependencies: ["CGLib", "CLazyLibrary"], cSettings: [.unsafeFlags(["-I/usr/include/librsvg-2.0", "-I/usr/include/cairo"])]),
        // gexiv2 (photo metadata), loaded when first used; its headers come with libgexiv2-dev.
        .target(name: "CExif", dependencies: ["CGLib", "CLazyLibrary"]),
        // The decoder helper's plumbing: descriptors over sockets, sealed memfds, seccomp.
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp")]),
        // Pixel loops in plain C: the pyramid's halving (at -O3 twice as fast as -O2 here) and the
        // matrix/TRC colour conversion.
        .target(name: "CPixels", cSettings: [.unsafeFlags(["-O3"])]),
        // libpng's writer for the thumbnails Iro adds to the desktop's cache (libpng-dev).
        .target(name: "CPNGWriter", dependencies: ["CGLib"], linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        // Little CMS: embedded colour profiles to sRGB.
        .systemLibrary(name: "CLcms2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // libheif (HEIF and AVIF) behind plain C types, loaded when the first such file is opened.
        .target(name: "CHEIF", dependencies: ["CLazyLibrary"]),
        // poppler-glib (PDF) and libtiff (a TIFF's pages) behind plain C types, loaded when the
        // first such document is opened; headers from libpoppler-glib-dev and libtiff-dev.
        // Markup's text laid out by pangocairo, loaded when text is first drawn.
        .target(name: "CPango", dependencies: ["CGLib", "CLazyLibrary"], cSettings: [.unsafeFlags(["-I/usr/include/pango-1.0", "-I/usr/include/harfbuzz", "-I/usr/include/cairo"])]),
        .target(name: "CPDF", dependencies: ["CGLib", "CLazyLibrary"], cSettings: [.unsafeFlags(["-I/usr/include/poppler/glib", "-I/usr/include/poppler", "-I/usr/include/cairo"])]),
        .target(name: "CTIFF", dependencies: ["CLazyLibrary"], cSettings: [.unsafeFlags(["-I/usr/include/x86_64-linux-gnu"])]),
        // libjxl (JPEG XL), OpenJPEG (JPEG 2000) and LibRaw (camera RAW) behind plain C types,
        // each loaded when the first such file is opened; headers from libjxl-dev,
        // libopenjp2-7-dev and libraw-dev.
        .target(name: "CJXL", dependencies: ["CLazyLibrary"]),
        .target(name: "CJP2", dependencies: ["CLazyLibrary"], cSettings: [.unsafeFlags(["-I/usr/include/openjpeg-2.5"])]),
        .target(name: "CRaw", dependencies: ["CLazyLibrary"]),
        // libturbojpeg's lossless transforms (an edit saved without recompression), loaded on first use; headers from libturbojpeg0-dev.
        .target(name: "CTurboJPEG", dependencies: ["CLazyLibrary"]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),

        // How GObject works in Swift, on any thread: casts, signal connection (checked against
        // the signal in debug builds), owned references, GError, qdata, logging. No Iro logic.
        .target(name: "GObjectSupport", dependencies: ["CGLib", "CGLibShims"]),

        // GTK on the main thread: typed widget handles, main-thread signal handlers, actions,
        // main-loop sources, custom widgets. Re-exports GObjectSupport. No Iro logic.
        .target(name: "GtkSupport", dependencies: ["CGtk", "CGtkShims", "GObjectSupport"], swiftSettings: mainActorByDefault),

        // glibc's malloc tuning, which Swift's Glibc module leaves out.
        .systemLibrary(name: "CMalloc"),
        // glibc's gettext and setlocale, which it leaves out too.
        .systemLibrary(name: "CIntl"),

        // Pure Swift models: no GTK, testable anywhere. No Foundation either, here and in
        // IroImaging: the decoder helper, built from both, then links none of it.
        .target(name: "IroCore", dependencies: ["CIntl", "CMalloc"]),

        // Decoding and pixel work, off the main thread. Like GObjectSupport, over CGLib, not
        // GTK: the decoder helper is built from it.
        .target(name: "IroImaging", dependencies: ["CGLib", "CGLibShims", "CExif", "CHEIF", "CJP2", "CJPEG", "CJXL", "CLcms2", "CPango", "CPDF", "CPixels", "CPNGWriter", "CRaw", "CSandbox", "CSVG", "CTIFF", "CTurboJPEG", "CWebP", "GObjectSupport", "IroCore"]),

        // Widgets and controllers.
        .target(name: "IroUI", dependencies: ["CGtk", "CGtkShims", "GtkSupport", "IroCore", "IroImaging"],
                swiftSettings: mainActorByDefault, plugins: ["EmbedResources", "CompileTranslations"]),

        // Compiles data/*.gresource.xml at build time into the code of the target using it.
        .plugin(name: "EmbedResources", capability: .buildTool()),
        // Compiles po/*.po into gettext catalogues the built iro reads (BEHAVIOUR E5).
        .plugin(name: "CompileTranslations", capability: .buildTool()),

        .executableTarget(name: "iro", dependencies: ["IroUI", "IroCore", "GtkSupport", "CGtk"], swiftSettings: mainActorByDefault,
                          linkerSettings: [.unsafeFlags(releaseExecutable + ["-l_FoundationCShims", "-l_FoundationCollections"], .when(configuration: .release))]),

        // The sandboxed decoder helper (BEHAVIOUR F5): Iro starts it and sends it files to decode.
        // CDecoderOverrides: GLib's temporary files as memfds, exported so that the loaders'
        // calls reach them (the helper creates no files).
        .target(name: "CDecoderOverrides", dependencies: ["CGLib"]),
        .executableTarget(name: "iro-decoder", dependencies: ["IroImaging", "IroCore", "CGLib", "GObjectSupport", "CDecoderOverrides"],
                          linkerSettings: [
                              .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=g_file_open_tmp", "-Xlinker", "--export-dynamic-symbol=g_unlink"]),
                              // No Foundation to link (see IroCore): an 8 MB smaller binary.
                              .unsafeFlags(releaseExecutable, .when(configuration: .release)),
                          ]),

        // The decoding front door under a fuzzer (see Fuzz/README.md): a replay tool in
        // ordinary builds, a libFuzzer target when built with -sanitize=fuzzer -DFUZZING.
        // Both fuzzers link GTK (CGtk): they build the pyramids and textures Iro draws from.
        .executableTarget(name: "iro-fuzz", dependencies: ["IroImaging", "IroCore", "CGtk"], path: "Fuzz/iro-fuzz"),
        // Iro's side of the decoder protocol under a fuzzer: what a hostile helper could send.
        .executableTarget(name: "iro-protocol-fuzz", dependencies: ["IroImaging", "IroCore", "CGtk", "CSandbox"], path: "Fuzz/iro-protocol-fuzz"),

        // Test helpers shared by the GTK test targets (main-loop pumping, fixtures, screenshots).
        .target(name: "CTestIsolation", path: "Tests/CTestIsolation"),
        .target(name: "TestSupport", dependencies: ["CGtk", "CGtkShims", "CTestIsolation", "GtkSupport"], path: "Tests/TestSupport"),

        .testTarget(name: "IroCoreTests", dependencies: ["IroCore"]),
        .testTarget(name: "IroImagingTests", dependencies: ["IroImaging", "IroCore", "TestSupport", "CGLibShims", "CGtk", "GObjectSupport"]),
        .testTarget(name: "GtkSupportTests", dependencies: ["GtkSupport", "GObjectSupport", "TestSupport", "CGtk", "CGtkShims"]),
        .testTarget(name: "IroUITests", dependencies: ["IroUI", "IroCore", "IroImaging", "GtkSupport", "TestSupport", "CGtk", "CGtkShims"]),
    ]
)
