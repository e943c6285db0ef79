extension Array {
    /// A table from each element's name (`name(element)`) to the index of the first element of
    /// that name, each element read in place: `map` and `enumerated()` hand out a copy of each
    /// element, which for the program's structs is a retain and a release of each of their arrays
    /// and strings.
    func firstIndices(byName name: (borrowing Element) -> String) -> [String: Int] {
        withUnsafeBufferPointer { buffer in
            var table: [String: Int] = [:]
            table.reserveCapacity(buffer.count)
            for index in buffer.indices { _ = table.firstValue(for: name(buffer[index]), inserting: index) }
            return table
        }
    }
}
