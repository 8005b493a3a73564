package org.tsdbbench.common.db;

import org.tsdbbench.results.ServerHeldRecord;

/**
 * Bytes a database keeps on disk for the benchmark's data once its own flush and compaction have
 * settled, with how it was measured and waited for, so a disk figure always says what it counts;
 * and what else the server held (null: the module cannot tell), so a figure taken beside other
 * databases or earlier data says so. Where the module can also see the bytes before it had the
 * database settle them ({@code bytesBeforeSettling}, e.g. before a flush and compaction), that
 * figure too, as report D measured both.
 */
public record DiskUse(long bytes, String method, ServerHeldRecord serverHeld, Long bytesBeforeSettling) {

    public DiskUse {
        if (bytes < 0 && bytes != NOT_MEASURED) throw new IllegalArgumentException("bytes " + bytes + " < 0");
    }

    /** A figure without the bytes before settling. */
    public DiskUse(long bytes, String method, ServerHeldRecord serverHeld) {
        this(bytes, method, serverHeld, null);
    }

    /** The same figure, with the bytes the data took before the module had the database settle it. */
    public DiskUse withBytesBeforeSettling(long before) {
        return new DiskUse(bytes, method, serverHeld, before);
    }

    /** A figure without word of what else the server held. */
    public DiskUse(long bytes, String method) {
        this(bytes, method, null);
    }

    private static final long NOT_MEASURED = -1;

    /** No figure, and why (e.g. the server keeps the rows where no file shows them yet): absent, never guessed. */
    public static DiskUse notMeasured(String why) {
        return new DiskUse(NOT_MEASURED, why);
    }

    public boolean measured() {
        return bytes != NOT_MEASURED;
    }
}
