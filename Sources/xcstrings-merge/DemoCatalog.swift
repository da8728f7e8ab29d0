import StringCatalog

/// The catalog the demonstration merges: eight strings in six languages, built from this table
/// (a test holds its bytes to Fixtures/catalogs/Sample.xcstrings).
enum DemoCatalog {
    static let locales = ["de", "en", "es", "fr", "ja", "zh-Hans"]

    /// Strings translated into every locale, their values in `locales`' order.
    static let translated: [(key: String, values: [String])] = [
        ("Cancel", ["Abbrechen", "Cancel", "Cancelar", "Annuler", "キャンセル", "取消"]),
        ("Close", ["Schließen", "Close", "Cerrar", "Fermer", "閉じる", "关闭"]),
        ("Delete", ["Löschen", "Delete", "Eliminar", "Supprimer", "削除", "删除"]),
        ("Done", ["Fertig", "Done", "Listo", "Terminé", "完了", "完成"]),
        ("Open Recent", ["Benutzte Dokumente", "Open Recent", "Abrir recientes", "Ouvrir récent", "最近使った項目を開く", "打开最近使用"]),
        ("Save", ["Sichern", "Save", "Guardar", "Enregistrer", "保存", "存储"]),
    ]

    /// `%lld files`: its plural cases per locale (`one` where the language has it, `other`).
    static let files: [(locale: String, one: String?, other: String)] = [
        ("de", "%lld Datei", "%lld Dateien"), ("en", "%lld file", "%lld files"), ("es", "%lld archivo", "%lld archivos"),
        ("fr", "%lld fichier", "%lld fichiers"), ("ja", nil, "%lldファイル"), ("zh-Hans", nil, "%lld 个文件"),
    ]

    static var catalog: Catalog {
        func unit(_ value: String, _ state: UnitState = .translated) -> JSONValue {
            .object(JSONObject([JSONMember(Name.stringUnit, .object(JSONObject([JSONMember(Name.state, state.json), JSONMember(Name.value, .string(UTF8Bytes(value)))])))]))
        }
        func localizations(_ pairs: [(String, JSONValue)]) -> JSONMember {
            JSONMember(Name.localizations, .object(JSONObject(pairs.map { JSONMember(key: UTF8Bytes($0.0), value: $0.1) })))
        }
        var strings: [JSONMember] = []
        let plural = files.map { file in
            let cases = [("one", file.one), ("other", file.other)].compactMap { name, value in value.map { JSONMember(key: UTF8Bytes(name), value: unit($0)) } }
            return (file.locale, JSONValue.object(JSONObject([JSONMember(Name.variations, .object(JSONObject([JSONMember(Name.plural, .object(JSONObject(cases)))])))])))
        }
        strings.append(JSONMember(key: "%lld files", value: .object(JSONObject([localizations(plural)]))))
        for (key, values) in translated {
            var members = [localizations(Array(zip(locales, values.map { unit($0) })))]
            if key == "Close" { members.insert(JSONMember(Name.comment, "Closes the current window"), at: 0) }
            strings.append(JSONMember(key: UTF8Bytes(key), value: .object(JSONObject(members))))
        }
        strings.append(JSONMember(key: "Welcome", value: .object(JSONObject([
            JSONMember(Name.extractionState, .string(UTF8Bytes(ExtractionState.manual.name))),
            localizations([("de", unit("Willkommen")), ("en", unit("Welcome")), ("fr", unit("Bienvenue", .needsReview))]),
        ]))))
        return Catalog(root: JSONObject([
            JSONMember(Name.sourceLanguage, "en"), JSONMember(Name.strings, .object(JSONObject(strings))), JSONMember(Name.version, "1.0"),
        ]))
    }
}
