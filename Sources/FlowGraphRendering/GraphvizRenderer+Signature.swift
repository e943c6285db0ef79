import FlowGraph
import Foundation

extension GraphvizRenderer {
    /// Signs what Graphviz rendered, so that FlowGraph later knows the file as its own
    /// (`OutputSignature`): a comment in svg and dot, a `tEXt` chunk in png, a `/Creator` in the
    /// PDF's document information. svg and dot also carry the diagram's digest, so a checked-in
    /// picture can be told stale without comparing coordinates (which depend on the machine's fonts).
    static func sign(_ bytes: [UInt8], format: RenderFormat, diagram: Diagram) -> [UInt8] {
        let words = "\(FlowGraphVersion.current) with Graphviz; diagram digest \(diagram.digest)"
        switch format {
        case .svg:
            let text = String(decoding: bytes, as: UTF8.self)
            guard let svgStart = text.range(of: "<svg") else { return bytes }
            let comment = "\(OutputSignature.svgPrefix) \(words) -->\n"
            return Array((text[..<svgStart.lowerBound] + comment + text[svgStart.lowerBound...]).utf8)
        case .dot:
            return Array("\(OutputSignature.dotPrefix) \(words)\n".utf8) + bytes
        case .png:
            return signPNG(bytes, text: "\(OutputSignature.writer) with Graphviz")
        case .pdf:
            return signPDF(bytes, creator: "\(OutputSignature.writer) with Graphviz")
        }
    }

    /// Adds a `tEXt` chunk `Software` right after the header chunk (`IHDR`, always first).
    static func signPNG(_ png: [UInt8], text: String) -> [UInt8] {
        let headerEnd = 8 + 4 + 4 + 13 + 4
        guard png.count > headerEnd, png[12..<16].elementsEqual("IHDR".utf8) else { return png }
        let type = Array("tEXt".utf8)
        let data = Array(OutputSignature.pngKeyword.utf8) + [0] + Array(text.utf8)
        var chunk = bigEndian(UInt32(data.count)) + type + data
        chunk += bigEndian(CRC32.checksum(type + data))
        return Array(png[..<headerEnd]) + chunk + Array(png[headerEnd...])
    }

    /// Appends an incremental update (PDF 1.7, 7.5.6) that replaces the document information with
    /// a copy that adds `/Creator`: nothing Graphviz wrote moves, so its cross-reference offsets
    /// stay right. cairo's `/CreationDate` is blanked out in place (spaces, the same length) and
    /// left out of the copy, so the same diagram gives the same bytes and an unchanged file is not
    /// written again. A PDF whose layout is not the classic one cairo writes (a `trailer` and an
    /// `xref` table) is returned unsigned.
    static func signPDF(_ original: [UInt8], creator: String) -> [UInt8] {
        var pdf = original
        // Latin-1: one character a byte, so positions in the text are offsets in the file.
        guard let text = String(bytes: pdf, encoding: .isoLatin1) else { return original }
        func offset(_ index: String.Index) -> Int { text.unicodeScalars.distance(from: text.startIndex, to: index) }
        guard let trailerStart = text.range(of: "trailer", options: .backwards),
              let startxref = text.range(of: "startxref", options: .backwards),
              trailerStart.upperBound < startxref.lowerBound,
              let previous = Int(text[startxref.upperBound...].split(whereSeparator: \.isWhitespace).first ?? ""),
              previous < pdf.count, pdf[previous...].starts(with: "xref".utf8) else { return original }
        let trailer = text[trailerStart.upperBound..<startxref.lowerBound]
        guard let size = PDFTrailer.integer("/Size", in: trailer),
              let root = PDFTrailer.reference("/Root", in: trailer) else { return original }
        // The information dictionary, kept as Graphviz's cairo wrote it (its /Producer), plus /Creator.
        var entries = ""
        var object = (number: size, generation: 0)
        if let info = PDFTrailer.reference("/Info", in: trailer), let numbers = PDFTrailer.numbers(of: info) {
            object = numbers
            if let body = text.range(of: "\n\(numbers.number) \(numbers.generation) obj"),
               let open = text.range(of: "<<", range: body.upperBound..<text.endIndex),
               let close = text.range(of: ">>", range: open.upperBound..<text.endIndex) {
                if let date = text.range(of: #"/CreationDate \(D:[0-9Z+\-']*\)"#, options: .regularExpression,
                                         range: open.upperBound..<close.lowerBound) {
                    let start = offset(date.lowerBound), end = offset(date.upperBound)
                    guard start < end, end <= pdf.count else { return original }
                    pdf.replaceSubrange(start..<end, with: repeatElement(UInt8(ascii: " "), count: end - start))
                }
                entries = text[open.upperBound..<close.lowerBound]
                    .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.hasPrefix("/Creator") && !$0.hasPrefix("/CreationDate") && !$0.isEmpty }.joined(separator: "\n   ")
            }
        }
        let escaped = creator.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
        var update = pdf.last == UInt8(ascii: "\n") ? "" : "\n"
        let objectOffset = pdf.count + update.utf8.count
        update += "\(object.number) \(object.generation) obj\n<< \(entries)\n   /Creator (\(escaped))\n>>\nendobj\n"
        let xrefOffset = pdf.count + update.utf8.count
        let offsetDigits = String(objectOffset), generationDigits = String(object.generation)
        update += "xref\n\(object.number) 1\n"
        update += String(repeating: "0", count: 10 - offsetDigits.count) + offsetDigits + " "
            + String(repeating: "0", count: 5 - generationDigits.count) + generationDigits + " n \n"
        update += "trailer\n<< /Size \(max(size, object.number + 1)) /Root \(root) "
            + "/Info \(object.number) \(object.generation) R /Prev \(previous) >>\n"
        update += "startxref\n\(xrefOffset)\n%%EOF\n"
        return pdf + Array(update.utf8)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// Reads the few entries FlowGraph needs from a PDF trailer dictionary.
private enum PDFTrailer {
    /// The integer after `key`.
    static func integer(_ key: String, in trailer: Substring) -> Int? {
        words(after: key, in: trailer).first.flatMap { Int($0) }
    }

    /// The indirect reference after `key`, as `12 0 R`.
    static func reference(_ key: String, in trailer: Substring) -> String? {
        let parts = words(after: key, in: trailer).prefix(3)
        guard parts.count == 3, Int(parts[0]) != nil, Int(parts[1]) != nil, parts[2].hasPrefix("R") else { return nil }
        return "\(parts[0]) \(parts[1]) R"
    }

    static func numbers(of reference: String) -> (number: Int, generation: Int)? {
        let parts = reference.split(separator: " ")
        guard parts.count == 3, let number = Int(parts[0]), let generation = Int(parts[1]) else { return nil }
        return (number, generation)
    }

    private static func words(after key: String, in trailer: Substring) -> [Substring] {
        guard let range = trailer.range(of: key + " ") ?? trailer.range(of: key + "\n") else { return [] }
        return Array(trailer[range.upperBound...].split(whereSeparator: { $0.isWhitespace || $0 == ">" || $0 == "/" }).prefix(3))
    }
}

/// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
