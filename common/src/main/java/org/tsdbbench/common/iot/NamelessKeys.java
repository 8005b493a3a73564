package org.tsdbbench.common.iot;

import java.util.HashSet;
import java.util.Set;

/**
 * The keys of the records without a name a source has put in its batches, as each {@link TagModel}
 * keys them, so that the source can tell which of its records take the place of an earlier one:
 * under {@link TagModel#TABLE} the table and time (one no-name row per time), under
 * {@link TagModel#SERIES} also the seven other tags (one point per series and time); under
 * {@link TagModel#RECORD} none does. Named records never share a key (a truck has one record per
 * table and time), so only the few records without a name are kept here.
 */
final class NamelessKeys {

    private record SeriesKey(int table, long tags, long ts) {
    }

    private final Set<Long> readingTimes = new HashSet<>();
    private final Set<Long> diagnosticTimes = new HashSet<>();
    private final Set<SeriesKey> series = new HashSet<>();

    /** Notes a record without a name just added to {@code batch}, counting it there where it supersedes an earlier one. */
    void admit(TruckBatch batch, IotTable table, long ts, int truck) {
        Set<Long> times = table == IotTable.READINGS ? readingTimes : diagnosticTimes;
        if (!times.add(ts)) batch.supersedes(TagModel.TABLE);
        if (!series.add(new SeriesKey(table.ordinal(), tags(batch.trucks, truck), ts))) batch.supersedes(TagModel.SERIES);
    }

    /** The seven tags other than the name of a truck, one byte each (code + 1). */
    static long tags(Trucks trucks, int truck) {
        long packed = 0;
        for (int t = 1; t < IotTag.values().length; t++) packed |= (long) (trucks.code(truck, IotTag.of(t)) + 1) << (8 * (t - 1));
        return packed;
    }
}
