import StringCatalog

/// The bench's L catalog with its keys mapped letter by letter into another script: ASCII
/// letters become the script's (capitals its capitals, where it has case), while digits,
/// punctuation, format specifiers and what is not ASCII stay, as keys written in a team's own
/// language keep them. For the rows that time `format` of such a catalog out of order against
/// in order.
enum ScriptCases {
    /// Each script with 26 replacements for a to z and 26 for A to Z.
    static let scripts: [(name: String, lower: [String], upper: [String])] = [
        ("Latin with accents", split("áḃçđéƒğħíĵķłṁñöṗqřšťüvŵxÿž"), split("ÁḂÇĐÉƑĞĦÍĴĶŁṀÑÖṖQŘŠŤÜVŴXŸŽ")),
        ("Cyrillic", split("абцдефгхийклмнопярстувшжыз"), split("АБЦДЕФГХИЙКЛМНОПЯРСТУВШЖЫЗ")),
        ("Greek", split("αβψδεφγηιξκλμνοπάρστθωςχυζ"), split("ΑΒΨΔΕΦΓΗΙΞΚΛΜΝΟΠΆΡΣΤΘΩΣΧΥΖ")),
        ("Arabic", split("ابتدیفغهىجكلمنوثقرسطعذشخءز"), split("آبتدئفغةىجكلمنؤثقرصطعذشخأظ")),
        ("Hebrew", split("אבצדעפגהיחכלמנוףקרסתטזשךםן"), split("אבצדעפגהיחכלמנוףקרסתטזשךםן")),
        ("Devanagari", ["ा", "ब", "च", "द", "े", "फ", "ग", "ह", "ि", "ज", "क", "ल", "म", "न", "ो", "प", "क़", "र", "स", "त", "ु", "व", "ण", "क्ष", "य", "ज़"],
         ["आ", "भ", "छ", "ध", "ए", "फ़", "घ", "ः", "इ", "झ", "ख", "ळ", "ं", "ञ", "ओ", "फ", "ख़", "ऋ", "श", "थ", "उ", "ॅ", "ष", "त्र", "ै", "ड"]),
        ("Thai", ["า", "บ", "ค", "ด", "เ", "ฟ", "ก", "ห", "ิ", "จ", "ข", "ล", "ม", "น", "โ", "พ", "ฆ", "ร", "ส", "ท", "ุ", "ว", "ย", "ซ", "ไ", "ช"],
         ["ะ", "ภ", "ฉ", "ฎ", "แ", "ฝ", "ฆ", "ฮ", "ี", "ฌ", "ฃ", "ฬ", "ฒ", "ณ", "ใ", "ผ", "ฑ", "ญ", "ศ", "ธ", "ู", "่", "้", "ษ", "็", "์"]),
        ("kana", split("あばこでえふぐはいじからまんおぷくるすとうゔわーやざ"), split("アバコデエフグハイジカラマンオプクルストウヴワーヤザ")),
        ("emoji", ["😀", "👍", "❤️", "🎉", "🔥", "💡", "📁", "📄", "🔒", "🔔", "⚙️", "✅", "❌", "⭐", "🌍", "🚀", "🎵", "📷", "🛒", "💬", "🧭", "📌", "🗑️", "👨‍👩‍👧", "👍🏽", "🇫🇷"],
         ["😃", "👎", "💙", "🎈", "💧", "🔦", "📂", "📝", "🔓", "🔕", "🛠️", "☑️", "⛔", "🌟", "🌎", "✈️", "🎶", "📸", "🛍️", "💭", "🗺️", "📍", "♻️", "👩🏻‍💻", "👋🏿", "🇯🇵"]),
        ("Han and Hangul mixed", split("设置保存打开文件窗口关闭项目文档账户通知删除编辑搜索帮助显示隐藏"), split("설정저장열기파일폴더창닫다시항목문서계정알림취소확인")),
    ]

    static func split(_ text: String) -> [String] { text.map(String.init) }

    /// `key` with its letters mapped into `script`.
    static func mapped(_ key: String, into script: (name: String, lower: [String], upper: [String])) -> String {
        var result = ""
        var scalars = key.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            let value = scalar.value
            if value == 0x25 {
                // A format specifier stays: `%`, its flags, width and length, its conversion.
                result.unicodeScalars.append(scalar)
                while let next = scalars.next() {
                    result.unicodeScalars.append(next)
                    if !"0123456789$.-+ #lhqzjt".unicodeScalars.contains(next) { break }
                }
            } else if value >= 0x61 && value <= 0x7A {
                result += script.lower[Int(value - 0x61)]
            } else if value >= 0x41 && value <= 0x5A {
                result += script.upper[Int(value - 0x41)]
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The canonical catalog `bytes` with every key mapped into `script`, in Xcode's order.
    static func make(_ bytes: [UInt8], script: (name: String, lower: [String], upper: [String])) -> [UInt8]? {
        guard var catalog = try? Catalog(bytes: bytes) else { return nil }
        var strings = catalog.strings
        for index in strings.members.indices {
            strings.members[index].key = UTF8Bytes(mapped(strings.members[index].key.string, into: script))
        }
        catalog.strings = strings
        return catalog.canonicalBytes()
    }
}
