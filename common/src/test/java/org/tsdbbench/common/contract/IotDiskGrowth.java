package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSession;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * The check every module's IoT disk figure passes against its real server: 10 trucks' first six
 * hours loaded and measured, then their next six written beside them and measured again; each
 * figure positive, the second larger. The module's own test then checks what its figure says it counts.
 */
public final class IotDiskGrowth {

    /** The figure after the first six hours, and after the next six. */
    public record Figures(DiskUse loaded, DiskUse more) {
    }

    private static final IotSpec DEFAULTS = IotSpec.defaults();
    static final IotSpec FIRST = new IotSpec(10, DEFAULTS.startNs(), DEFAULTS.startNs() + Duration.ofHours(6).toNanos(), DEFAULTS.intervalNs(),
            DEFAULTS.seed());
    static final IotSpec NEXT = new IotSpec(10, FIRST.endNs(), FIRST.endNs() + Duration.ofHours(6).toNanos(), DEFAULTS.intervalNs(), DEFAULTS.seed());

    private IotDiskGrowth() {
    }

    /**
     * Recreates the session's IoT tables, then loads, measures, writes more and measures again,
     * checking both figures; the database keeps the records as {@code model} says.
     */
    public static Figures measure(Session session, String database, TagModel model) throws Exception {
        IotSession s = IotSession.of(session);
        s.recreateSchema(FIRST);
        long written = writeAll(s, FIRST, 5_000, model);
        DiskUse loaded = s.diskUse(FIRST);
        assertTrue(loaded != null && loaded.measured() && loaded.bytes() > 0, String.valueOf(loaded));
        written += writeAll(s, NEXT, 5_000, model);
        assertEquals(written, s.countRows(FIRST), "records stored after both writes");
        DiskUse more = s.diskUse(FIRST);
        System.out.println("[disk] " + database + " IoT: " + loaded.bytes() + " bytes, then " + more.bytes() + " with " + written + " records");
        assertTrue(more.measured() && more.bytes() > loaded.bytes(), "twice the records, " + more.bytes() + " bytes after " + loaded.bytes()
                + ": " + more.method());
        return new Figures(loaded, more);
    }

    /**
     * Every record of the data set written through the session in requests of up to {@code batch},
     * each acknowledged whole; what a database keeping records as {@code model} stores of them (the
     * records less those that took the place of an earlier one of their key).
     */
    public static long writeAll(Session session, IotSpec spec, int batch, TagModel model) throws Exception {
        IotSession s = IotSession.of(session);
        long stored = 0;
        try (IotRowSource all = new IotGenerator(spec).all()) {
            TruckBatch records = new TruckBatch(all.trucks(), batch);
            while (all.fill(records, batch) > 0) {
                assertEquals(records.size(), s.write(records), "records acknowledged of a request");
                stored += records.size() - records.superseded(model);
            }
        }
        return stored;
    }
}
