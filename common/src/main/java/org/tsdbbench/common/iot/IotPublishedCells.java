package org.tsdbbench.common.iot;

import org.tsdbbench.results.PublishedCells;

/**
 * The IoT write cells of the reports of spec/iot.md, as rows per request x clients pairs, never a cross
 * product: report D ran CnosDB and InfluxDB at five batch x workers pairs; report C loaded TDengine,
 * TimescaleDB and InfluxDB with 12 workers x 10,000 rows. A module's descriptor declares those of the
 * reports that ran its database ({@code withPublishedCells}); InfluxDB, in both, runs both, so that each
 * report's ratio has its own cell beside it.
 */
public final class IotPublishedCells {

    /** Report D's write table: batch size x workers, in its order. */
    public static final String REPORT_D = "1000x30,3000x30,3000x10,5000x8,20000x8";

    /** Report C's load cell: batch size 10,000, 12 workers. */
    public static final String REPORT_C = "10000x12";

    private static final String AS_PUBLISHED = "as the published reports ran it";

    private IotPublishedCells() {
    }

    /** Report C's cell, for TDengine, TimescaleDB. */
    public static PublishedCells reportC() {
        return new PublishedCells(IotWorkload.INSTANCE.name(), REPORT_C, AS_PUBLISHED);
    }

    /** Report D's cells, for CnosDB. */
    public static PublishedCells reportD() {
        return new PublishedCells(IotWorkload.INSTANCE.name(), REPORT_D, AS_PUBLISHED);
    }

    /** Report D's cells, then report C's, for InfluxDB, in both reports. */
    public static PublishedCells reportsDAndC() {
        return new PublishedCells(IotWorkload.INSTANCE.name(), REPORT_D + "," + REPORT_C, AS_PUBLISHED);
    }

    /** For a database in neither report: report C's load cell, the cell its figure can stand beside TDengine's at. */
    public static PublishedCells nearest() {
        return new PublishedCells(IotWorkload.INSTANCE.name(), REPORT_C,
                "in neither IoT report, report C's load cell, TDengine's");
    }
}
