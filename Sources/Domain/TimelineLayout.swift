/// Where each habit instance's block goes on the day timeline.
///
/// Blocks are half-open intervals [start, start + duration) clipped to the day
/// (0…1440 minutes), so one ending at 10:00 does not overlap one starting at 10:00.
/// Overlapping blocks sit side by side: instances are taken by start (longer first,
/// then lower id, for a stable order), grouped into clusters of transitively
/// overlapping blocks, and each block takes the leftmost column free at its start
/// (greedy interval partitioning, which uses as few columns as the most blocks that
/// overlap at one moment). Every block of a cluster shares the cluster's column
/// count, so their widths match.
public enum TimelineLayout {
    /// Placements in the order above (top to bottom, which is also a sensible reading
    /// order for the page). Instances with nothing inside the day (not possible after
    /// `HabitInstanceRules.validate`) are left out.
    ///
    /// A block shorter than `minimumMinutes` is drawn (and overlaps others) as that tall, so
    /// its name stays readable; one too near the day's end for that is drawn ending there.
    public static func place(_ instances: [(id: Int64, startMinute: Int, durationMinutes: Int)],
                             minimumMinutes: Int = 0) -> [Placement] {
        let dayMinutes = TimelineConstants.dayMinutes
        let minimum = min(max(minimumMinutes, 0), dayMinutes)
        let blocks = instances.compactMap { instance -> Block? in
            var top = max(instance.startMinute, 0)
            var end = min(instance.startMinute + max(instance.durationMinutes, 0), dayMinutes)
            guard top < end else { return nil }
            if end - top < minimum {
                end = min(top + minimum, dayMinutes)
                top = end - minimum
            }
            return Block(id: instance.id, top: top, end: end, isClipped: instance.startMinute + instance.durationMinutes > dayMinutes)
        }.sorted { lhs, rhs in
            (lhs.top, rhs.end, lhs.id) < (rhs.top, lhs.end, rhs.id)
        }

        var placements: [Placement] = []
        placements.reserveCapacity(blocks.count)
        var clusterStart = 0
        var clusterEnd = Int.min
        var columnEnds: [Int] = []  // per column of the current cluster, where its last block ends

        func closeCluster() {
            for index in clusterStart..<placements.count {
                placements[index].columns = columnEnds.count
            }
        }

        for block in blocks {
            if block.top >= clusterEnd {
                closeCluster()
                clusterStart = placements.count
                columnEnds.removeAll(keepingCapacity: true)
            }
            let column: Int
            if let free = columnEnds.firstIndex(where: { $0 <= block.top }) {
                column = free
                columnEnds[free] = block.end
            } else {
                column = columnEnds.count
                columnEnds.append(block.end)
            }
            clusterEnd = max(clusterEnd, block.end)
            placements.append(
                Placement(id: block.id, top: block.top, height: block.end - block.top, column: column, columns: 1,
                          isClippedAtDayEnd: block.isClipped))
        }
        closeCluster()
        return placements
    }

    private struct Block {
        let id: Int64
        let top: Int
        let end: Int
        let isClipped: Bool
    }
}
