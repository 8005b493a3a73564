package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.Mix;

/**
 * TSBS's imperfections of the IoT data, as pure functions of a record's place in TSBS's stream.
 * TSBS writes tick by tick, each tick all trucks' readings then all their diagnostics: record
 * (tick, table, truck) has position {@code (2 tick + table) trucks + truck}, and TSBS works on
 * batches of 10 consecutive positions. With TSBS's chances:
 * <ul>
 * <li>a batch is missing (1%); else out of order (5%): written 10k positions late, k = 1, 2 .. 8
 *     with chance 1/2, 1/4 ..;
 * <li>a record of a present batch is missing (9.1%, so that 90.0% of the slots are present, as in
 *     TSBS's files); else out of order (30%): 1 + 4i + (0..3) positions late, i = 0, 1 .. 15 with
 *     chance 1/2, 1/4 .. (TSBS holds it back in a queue until later slots take it; these delays
 *     give the share of records earlier than the one before them that a TSBS file of 20 trucks
 *     shows, about 4%);
 * <li>one field is null (9.05%), chosen as TSBS does: one of 7, modulo the table's fields (so
 *     diagnostics' fuel_state 3/7, current_load and status 2/7 each);
 * <li>one tag other than the name is null (0.91% x 7/8, uniform among the seven);
 * <li>the name is null (0.91% x 1/8), drawn for each record alone ({@link #nameless}), so that a
 *     record's own client can tell it without the rest of the stream. As in TSBS, two records of one
 *     tick and table may both lose their name: a database keying records by name and time
 *     (TDengine's {@code r_truck_null}) keeps one of them ({@link TagModel}).
 * </ul>
 * A fate packs: bit 63 missing; bits 0-6 the delay in positions; 8-11 the null tag + 1; 12-15
 * the null field + 1.
 */
final class Imperfections {

    static final long MISSING = Long.MIN_VALUE;
    // TSBS's chances as its files show them (its zeroing and dropping act on batch slots, some of
    // them already empty): 90.0% of slots present, 9.05% of records with a null field, 0.91% with a
    // null tag (a name in 1/8 of them), measured on a file of tsbs_generate_data (20 trucks, 36 h).
    private static final double ENTRY_MISSING = 1 - 0.900 / 0.99;
    private static final double NULL_FIELD = 0.0905;
    private static final double NULL_TAG = 0.0091 * 7 / 8;
    private static final double NULL_NAME_PER_RECORD = 0.0091 / 8;

    private final int trucks;
    private final long batchSalt;
    private final long entrySalt;
    private final long nameSalt;

    Imperfections(long seed, int trucks) {
        this.trucks = trucks;
        long s = Mix.mix(seed ^ 0x1AB5_F00DL);
        batchSalt = Mix.mix(s + 1);
        entrySalt = Mix.mix(s + 2);
        nameSalt = Mix.mix(s + 3);
    }

    static boolean missing(long fate) {
        return fate < 0;
    }

    static int delay(long fate) {
        return (int) (fate & 0x7F);
    }

    /** The null tag's ordinal, or {@link TableRows#NO_NULL}. */
    static byte nullTag(long fate) {
        return (byte) (((fate >>> 8) & 0xF) - 1);
    }

    /** The null field's column, or -1. */
    static int nullField(long fate) {
        return (int) ((fate >>> 12) & 0xF) - 1;
    }

    long position(long tick, int table, int truck) {
        return (2 * tick + table) * trucks + truck;
    }

    long fate(long tick, IotTable table, int truck) {
        int t = table.ordinal();
        long pos = position(tick, t, truck);
        long hb = Mix.mix(batchSalt + (pos / 10) * Mix.GAMMA);
        if (Mix.unitHigh(hb) < 0.01) return MISSING;
        long delay = 0;
        if (Mix.unit(hb) < 0.05) delay = 10L * (1 + Long.numberOfTrailingZeros(Mix.mix(hb) | (1L << 7)));
        long he = Mix.mix(entrySalt + pos * Mix.GAMMA);
        if (Mix.unitHigh(he) < ENTRY_MISSING) return MISSING;
        long he2 = Mix.mix(he);
        if (Mix.unit(he) < 0.3) delay += 1 + 4 * Long.numberOfTrailingZeros(he2 | (1L << 15)) + ((he2 >>> 20) & 3);
        long he3 = Mix.mix(he2);
        long fate = delay;
        if (Mix.unitHigh(he3) < NULL_FIELD) fate |= (long) (1 + (int) ((he3 & 0xFFFF) % 7) % table.fieldCount()) << 12;
        long he4 = Mix.mix(he3);
        if (nameless(pos)) {
            fate |= (long) (IotTag.NAME.ordinal() + 1) << 8;
        } else if (Mix.unitHigh(he4) < NULL_TAG) {
            fate |= (long) (2 + (int) ((he4 & 0xFFFF) % 7)) << 8;
        }
        return fate;
    }

    /**
     * Whether the record at a stream position has no name, when it is present at all: a draw of its
     * own, one hash, so that a scan of every position for them costs little.
     */
    boolean nameless(long position) {
        return Mix.unitHigh(Mix.mix(nameSalt + position * Mix.GAMMA)) < NULL_NAME_PER_RECORD;
    }

    /** The largest delay a fate can have, in positions. */
    static int maxDelay() {
        return 80 + 64;
    }
}
