extension RandomAccessCollection where Index == Int {
    /// The first index whose element is not `isBefore`, where every element that is comes before
    /// every one that is not (a sorted array asked `$0 < x`): a binary search. The one every
    /// lookup by offset goes through (tokens, line starts, declarations).
    package func partitionIndex(where isBefore: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
