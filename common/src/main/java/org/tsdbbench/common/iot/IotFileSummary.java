package org.tsdbbench.common.iot;

import java.nio.file.Path;

/**
 * What the validating pass of a TSBS IoT file found: its trucks (the tags of each), how many records
 * of each table, and its time range and log interval, from which {@link #spec()} describes it; and
 * whether its lines are written as TSBS writes them ({@code tsbsForm}): ASCII, every number in Go's
 * plain form ({@code strconv}'s {@code 'f'} format of a float, no exponent, no leading {@code +} or
 * zero, no trailing zero after the point; integers in decimal). A database then reads from a line
 * the values the file's reader reads, so the lines can be sent as they are ({@link TruckLines}).
 */
public record IotFileSummary(Path file, Trucks trucks, long readings, long diagnostics, long minTs, long maxTs, long intervalNs,
        int maxTruckNumber, int anonymousTrucks, boolean tsbsForm) {

    public long records() {
        return readings + diagnostics;
    }

    /**
     * The data set as TSBS's flags would say it: trucks 0 .. the largest number named, from the
     * first timestamp to one interval past the last, the interval the greatest common divisor of
     * the timestamps' distances from the first (10 s when every record has the same time); seed 0
     * (a file's seed is unknown and decides nothing here).
     */
    public IotSpec spec() {
        long interval = intervalNs > 0 ? intervalNs : IotSpec.DEFAULT_INTERVAL_NS;
        return new IotSpec(Math.max(1, maxTruckNumber + 1), minTs, maxTs + interval, interval, 0);
    }
}
