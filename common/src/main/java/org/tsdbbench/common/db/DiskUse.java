package org.tsdbbench.common.db;

/**
 * Bytes a database keeps on disk for the benchmark's data once its own flush and compaction have
 * settled, with how it was measured and waited for, so a disk figure always says what it counts.
 */
public record DiskUse(long bytes, String method) {

    public DiskUse {
        if (bytes < 0) throw new IllegalArgumentException("bytes " + bytes + " < 0");
    }
}
