package org.tsdbbench.cnosdb;

import java.util.List;
import org.tsdbbench.common.data.RowBatch;

/**
 * The devices workload in CnosDB, laid out as CnosDB's docs recommend (Concepts: tags identify
 * the data source and are indexed, fields are the measured values): table {@code devices}, tags
 * {@code devgroup, devid, devname} (strings, as every CnosDB tag is), fields {@code temperature
 * BIGINT} and {@code humidity DOUBLE}, millisecond time. One series per device. The table is
 * created with its types before any write, so the first write cannot choose them.
 */
public final class DevicesLayout {

    public static final String TABLE = "devices";

    static final String CREATE_TABLE = "CREATE TABLE " + TABLE + " (temperature BIGINT, humidity DOUBLE, TAGS(devgroup, devid, devname))";

    static final List<String> DESCRIPTION = List.of("table " + TABLE + ": tags devgroup, devid, devname (strings, indexed);"
            + " fields temperature BIGINT, humidity DOUBLE; time in milliseconds (database created WITH PRECISION 'ms');"
            + " one series per device; written as line protocol to /api/v1/write");

    private DevicesLayout() {
    }

    /**
     * The batch as line protocol into {@code lines} (cleared first), one line per row:
     * {@code devices,devgroup=1,devid=1,devname=dev_1 temperature=12i,humidity=57.25 1563249700000}.
     * Tags in key order, as the server sorts them anyway.
     */
    public static void lines(RowBatch b, LineProtocol lines) {
        lines.clear();
        for (int i = 0; i < b.size(); i++) {
            lines.measurement(TABLE).tag("devgroup", b.devgroup[i]).tag("devid", b.devid[i]).tag("devname", b.devname[i])
                    .field("temperature", b.temperature[i]).field("humidity", b.humidity[i]).end(b.ts[i]);
        }
    }
}
