/// Keys written in one script, as teams that key their catalogs by their own language's source
/// text have them, with what makes collation hard in each: combining marks, precomposed and
/// decomposed twins, case twins, Thai vowels written before their consonant, digits of the
/// script, joiners and ignorables, and the ASCII (format specifiers, numbers, punctuation) that
/// such keys hold.
public enum ScriptKeys {
    /// The scripts, each with its letters (one string each, some of several scalars).
    public static let scripts: [(name: String, letters: [String])] = [
        ("Latin with accents", letters("àâäçéèêëîïôöùûüÿñœæßÀÂÉÈÊÇÑÜÖÄŒÆøØåÅąęłńśźżĄĘŁŃŚŹŻčďěňřšťůžČŘŠŽ") + ["e\u{301}", "E\u{301}", "a\u{300}", "u\u{308}", "n\u{303}", "o\u{302}\u{323}"]),
        ("Cyrillic", letters("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯєіїґЄІЇҐўЎ") + ["и\u{306}", "И\u{306}", "е\u{308}"]),
        ("Greek", letters("αβγδεζηθικλμνξοπρσςτυφχψωΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩάέήίόύώΆΈΉΊΌΎΏϊϋΐΰ") + ["α\u{301}", "ι\u{308}\u{301}", "\u{1F00}", "ω\u{345}"]),
        ("Arabic", letters("ابتثجحخدذرزسشصضطظعغفقكلمنهويىةءأإآؤئ،؟") + ["\u{64E}", "\u{64F}", "\u{650}", "\u{651}", "\u{652}", "ا\u{653}", "ا\u{654}", "و\u{654}", "ي\u{654}", "\u{640}", "لا"]),
        ("Hebrew", letters("אבגדהוזחטיכךלמםנןסעפףצץקרשת״׳־") + ["\u{5B7}", "\u{5B8}", "\u{5BC}", "\u{5B0}", "\u{5B4}", "ש\u{5C1}", "ש\u{5C2}", "\u{FB2A}"]),
        ("Devanagari", letters("अआइईउऊएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह।") + ["\u{93E}", "\u{93F}", "\u{940}", "\u{941}", "\u{947}", "\u{94B}", "\u{902}", "\u{903}", "\u{94D}", "\u{93C}", "क\u{93C}", "\u{958}", "क\u{94D}ष", "\u{94D}\u{200D}"]),
        ("Thai", letters("กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ") + ["เ", "แ", "โ", "ใ", "ไ", "ะ", "า", "ำ", "\u{E34}", "\u{E35}", "\u{E36}", "\u{E37}", "\u{E38}", "\u{E39}", "\u{E48}", "\u{E49}", "\u{E4A}", "\u{E4B}", "\u{E47}", "\u{E4C}", "ๆ", "เก", "แม", "ไท", "โล"]),
        ("kana", letters("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんがぎぐげござじずぜぞだぢづでどばびぶべぼぱぴぷぺぽぁぃぅぇぉっゃゅょアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンガギグゲゴパピプペポァィゥェォッャュョヴ") + ["ー", "ゝ", "ゞ", "ヽ", "ヾ", "・", "、", "。", "か\u{3099}", "\u{309B}", "ｶ", "ﾞ"]),
        ("emoji", ["😀", "😃", "😂", "👍", "👍🏽", "👎", "❤️", "❤", "⭐", "✅", "❌", "🎉", "🔥", "💡", "📁", "📄", "🔒", "🔔", "⚙️", "👨‍👩‍👧", "👩🏻‍💻", "🇫🇷", "🇯🇵", "🏳️‍🌈", "☺", "\u{FE0F}", "\u{200D}", "🄰", "🅰"]),
        ("Han and Hangul with other words", letters("设置保存打开文件窗口关闭项目文档帐户通知删除編輯搜尋說明顯示設定개인정보설정저장열기파일폴더창닫기다시항목문서계정알림") + ["Café ", "Über ", "Ёлка ", "𠀀", "𠀁", "\u{3400}", "\u{F900}", "가나", "각", "\u{3000}"]),
    ]

    /// Every script's letters together, with digits of other scripts (keys holding them go to
    /// the reference whole).
    public static let mixed: (name: String, letters: [String]) = (
        "mixed scripts", scripts.flatMap(\.letters) + ["٣", "٤", "३", "๒", "１", "①", "²"]
    )

    /// What keys of any script hold besides their letters.
    static let common: [String] = [
        " ", " ", " ", ".", "_", "-", ":", ",", "!", "?", "(", ")", "'", "%@", "%lld", "%1$@", "1", "2", "9", "10", "007", "42",
        "Item", "A", "a", "\u{200B}", "\u{AD}", "\u{A0}", "…", "—", "«", "»", "“", "”", "·", "𝐀", "𝐚", "𝔸",
    ]

    /// Each of the scalars of `text` as a string.
    static func letters(_ text: String) -> [String] { text.unicodeScalars.map { String($0) } }

    /// A random key of `letters` and the common pieces: words of the script, spaces, numbers.
    public static func key<G: RandomNumberGenerator>(_ letters: [String], maxLength: Int = 14, using generator: inout G) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...maxLength, using: &generator) {
            text += Int.random(in: 0..<4, using: &generator) == 0
                ? common.randomElement(using: &generator)! : letters.randomElement(using: &generator)!
        }
        return text
    }

    /// A key near `text`: its beginning with another ending, one piece changed, in capitals, in
    /// NFD or NFC, with an ignorable inserted, or longer; so that pairs share long beginnings, as
    /// neighbours in a sorted catalog do.
    public static func nearVariant<G: RandomNumberGenerator>(of text: String, _ letters: [String], using generator: inout G) -> String {
        let scalars = Array(text.unicodeScalars)
        let cut = Int.random(in: 0...scalars.count, using: &generator)
        let beginning = String(String.UnicodeScalarView(scalars[..<cut]))
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: return beginning + key(letters, maxLength: 4, using: &generator)
        case 1: return beginning + letters.randomElement(using: &generator)! + String(String.UnicodeScalarView(scalars[cut...].dropFirst()))
        case 2: return text.uppercased()
        case 3: return text.decomposedStringWithCanonicalMappingWithoutFoundation
        case 4: return beginning + ["\u{200B}", "\u{AD}", "\u{301}", "\u{E40}", "1", "0"].randomElement(using: &generator)! + String(String.UnicodeScalarView(scalars[cut...]))
        case 5: return text + key(letters, maxLength: 3, using: &generator)
        default: return beginning + key(letters, maxLength: 40, using: &generator)
        }
    }
}

extension String {
    /// The string with each scalar that has a canonical decomposition written decomposed
    /// (one level, enough for the tests' twins), without Foundation.
    var decomposedStringWithCanonicalMappingWithoutFoundation: String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            let decomposed = String(scalar).decomposedTwin
            result.append(contentsOf: decomposed.unicodeScalars)
        }
        return String(result)
    }

    /// The one-scalar string's canonical decomposition through the standard library's NFD
    /// comparison: a character whose decomposition is known to the tests' table.
    private var decomposedTwin: String {
        let table: [String: String] = [
            "é": "e\u{301}", "É": "E\u{301}", "à": "a\u{300}", "ü": "u\u{308}", "ö": "o\u{308}", "ñ": "n\u{303}", "ç": "c\u{327}",
            "й": "и\u{306}", "Й": "И\u{306}", "ё": "е\u{308}", "ά": "α\u{301}", "ί": "ι\u{301}", "ΐ": "ι\u{308}\u{301}",
            "آ": "ا\u{653}", "أ": "ا\u{654}", "ؤ": "و\u{654}", "ئ": "ي\u{654}", "\u{958}": "क\u{93C}", "が": "か\u{3099}", "ガ": "カ\u{3099}",
            "\u{FB2A}": "ש\u{5C1}", "Å": "A\u{30A}", "ů": "u\u{30A}", "č": "c\u{30C}", "ł": "ł",
        ]
        return table[self] ?? self
    }
}
