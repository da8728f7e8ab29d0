import StringCatalog

/// `device-variation-missing` (warning): the source text varies by device and a translation
/// that varies by device too lacks one of the source's devices: that device shows the
/// translation's `other` text, or nothing.
enum DeviceVariationRule {
    static let rule = LintRule(
        id: "device-variation-missing", severity: .warning,
        summary: "A translation's device variations lack a device the source text has.",
        checkString: { string, context in check(string, &context) })

    /// The devices a localization's device variation names, in order, each once (a set beside
    /// the list: a hostile string may vary by 100,000 devices), with the first form's offset.
    static func devices(of localization: LintedLocalization, in string: LintedString) -> (names: [String], set: Set<String>, offset: Int)? {
        var names: [String] = []
        var seen = Set<String>()
        var offset: Int?
        for index in localization.forms {
            // A device case's path ends in `device`, then the device.
            let components = string.components(of: string.forms[index].path)
            guard components.count >= 2, components[components.count - 2] == PathName.device else { continue }
            let device = components[components.count - 1]
            if seen.insert(device).inserted { names.append(device) }
            if offset == nil { offset = string.forms[index].offset }
        }
        return offset.map { (names, seen, $0) }
    }

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate, let source = string.source, let sourceDevices = devices(of: source, in: string) else { return }
        for localization in string.localizations where !localization.isSource {
            guard let devices = devices(of: localization, in: string) else { continue }
            let missing = sourceDevices.names.filter { !devices.set.contains($0) }
            guard !missing.isEmpty else { continue }
            let fallback = devices.set.contains("other") ? "the translation's other text" : "no text of this translation"
            context.report(
                "the device variations lack \(missing.joined(separator: ", ")), which the source text has: \(missing.count == 1 ? "that device shows" : "those show") \(fallback)",
                key: string.key, locale: string.locale(of: localization), at: devices.offset)
        }
    }
}
