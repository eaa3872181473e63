import CGtk
import FoundationEssentials
import GtkSupport
import IroCore

/// `iro [--new-window] [FILE…]`, `iro --version`, `iro --help` (BEHAVIOUR E3).
///
/// GOption parses the arguments; `--version` is answered by the local process,
/// everything else travels to the primary instance with the file arguments
/// resolved against the caller's working directory.
enum CommandLineOptions {
    struct Request {
        var files: [RawPath] = []
        var newWindow = false
    }

    static func install(on application: UnsafeMutableRawPointer) {
        let app = gcast(application, g_application_get_type(), as: GApplication.self)
        g_application_add_main_option(
            app, "new-window", 0, GOptionFlags(0), G_OPTION_ARG_NONE,
            trNoop("Open the files in a new window"), nil)
        g_application_add_main_option(
            app, "version", 0, GOptionFlags(0), G_OPTION_ARG_NONE,
            trNoop("Show the version and exit"), nil)
        // G_OPTION_REMAINING (""): the file arguments, as file names (bytes, not UTF-8).
        g_application_add_main_option(app, "", 0, GOptionFlags(0), G_OPTION_ARG_FILENAME_ARRAY, "", trNoop("[FILE…]"))
        g_application_set_option_context_summary(app, tr("View images: PNG, JPEG and every format gdk-pixbuf reads."))
    }

    /// `handle-local-options`: −1 continues to the primary instance; 0 exits now.
    static func handleLocal(_ options: UnsafeMutableRawPointer?) -> Int32 {
        guard let options else { return -1 }
        let dict = variantDict(options)
        if g_variant_dict_contains(dict, "version") != 0 {
            print("\(AppInfo.name) \(AppInfo.version)")
            return 0
        }
        return -1
    }

    static func request(from commandLine: UnsafeMutablePointer<GApplicationCommandLine>) -> Request {
        var request = Request()
        guard let dict = g_application_command_line_get_options_dict(commandLine) else { return request }
        request.newWindow = g_variant_dict_contains(dict, "new-window") != 0
        let type = g_variant_type_new("aay")
        defer { g_variant_type_free(type) }
        guard let value = g_variant_dict_lookup_value(dict, "", type) else { return request }
        defer { g_variant_unref(value) }
        var count: gsize = 0
        guard let arguments = g_variant_get_bytestring_array(value, &count) else { return request }
        defer { g_free(arguments) }
        for index in 0..<Int(count) {
            guard let argument = arguments[index],
                let file = g_application_command_line_create_file_for_arg(commandLine, argument)
            else { continue }
            defer { g_object_unref(raw(file)) }
            // A GVfs location without a local path is read through GIO (BEHAVIOUR A13).
            if let location = RawPath(locationOf: file) { request.files.append(location) }
        }
        return request
    }
}
