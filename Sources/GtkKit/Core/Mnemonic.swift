/// Labels with a mnemonic ("_Undo", "元に戻す(_U)") as a screen reader should say them.
public enum Mnemonic {
    /// The label without its mnemonic: "_Undo" → "Undo", "元に戻す(_U)" → "元に戻す", "A__B" → "A_B".
    public static func spoken(_ label: String) -> String {
        var text = label
        // The bracketed key CJK translations add after the words.
        if let open = text.range(of: "(_", options: .backwards), text[open.upperBound...].count == 2,
           text.hasSuffix(")") {
            text = String(text[..<open.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        var spoken = "", escaped = false
        for character in text {
            if character == "_", !escaped {
                escaped = true
                continue
            }
            if escaped, character == "_" { spoken.append("_") } else { spoken.append(character) }
            escaped = false
        }
        return spoken
    }
}
