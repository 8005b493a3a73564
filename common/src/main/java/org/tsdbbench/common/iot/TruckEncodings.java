package org.tsdbbench.common.iot;

import java.util.Arrays;

/**
 * Each truck's tag set as one module writes it (a sub-table clause, a run of TabSeparated or
 * line-protocol tags), encoded on first use and kept: a request then copies a truck's bytes instead
 * of formatting eight tags record by record. Only the first {@value #KEPT} trucks of a data set are
 * kept (all of report C's iot-1 and iot-2), so a writer holds a few MB at most; a truck past them
 * is encoded anew each time. One instance per writer (not thread-safe), reset when the data set's
 * {@link Trucks} change.
 */
public final class TruckEncodings {

    /** The trucks whose encoding is kept: 16,384, about 2 MB of 120-byte encodings. */
    public static final int KEPT = 1 << 14;

    /** Writes a truck's tag set as its module sends it. */
    @FunctionalInterface
    public interface Encoder {
        byte[] encode(Trucks trucks, int truck);
    }

    private final Encoder encoder;
    private byte[][] kept = new byte[0][];
    private Trucks keptFor;

    public TruckEncodings(Encoder encoder) {
        this.encoder = encoder;
    }

    /** The truck's encoding; the caller must not change the array. */
    public byte[] of(Trucks trucks, int truck) {
        if (trucks != keptFor) {
            kept = new byte[0][];
            keptFor = trucks;
        }
        if (truck >= KEPT) return encoder.encode(trucks, truck);
        if (truck >= kept.length) kept = Arrays.copyOf(kept, Math.min(KEPT, Math.max(truck + 1, 2 * kept.length)));
        byte[] bytes = kept[truck];
        if (bytes == null) {
            bytes = encoder.encode(trucks, truck);
            kept[truck] = bytes;
        }
        return bytes;
    }
}
