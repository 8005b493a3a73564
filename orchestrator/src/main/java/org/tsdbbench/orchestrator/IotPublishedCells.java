package org.tsdbbench.orchestrator;

import java.util.List;

/**
 * The IoT write cells of {@code compare --workload iot --matrix published}: each database's as the
 * reports of spec/iot.md ran it, as rows per request x clients pairs (the write step's
 * {@code --cells}), never a cross product. Report D ran CnosDB and InfluxDB at five batch x workers
 * pairs; report C loaded TDengine, TimescaleDB and InfluxDB with 12 workers x 10,000 rows. InfluxDB
 * is in both reports and runs both, so that each report's ratio has its own cell beside it.
 */
final class IotPublishedCells {

    /** Report D's write table: batch size x workers, in its order. */
    static final String REPORT_D = "1000x30,3000x30,3000x10,5000x8,20000x8";

    /** Report C's load cell: batch size 10,000, 12 workers. */
    static final String REPORT_C = "10000x12";

    /** The most workers of any published cell: each client owns at least one truck, so the data set needs as many. */
    static final int MOST_WORKERS = 30;

    /** The databases of each report by module name (report C: TDengine, TimescaleDB, InfluxDB; report D: CnosDB, InfluxDB). */
    private static final List<String> IN_C = List.of("tdengine", "timescaledb", "influx");
    private static final List<String> IN_D = List.of("cnosdb", "influx");

    private IotPublishedCells() {
    }

    /**
     * The module's published cells: report D's pairs, then report C's cell, as far as it is in each;
     * a database in neither report gets report C's cell, the cell its figure can stand beside
     * TDengine's at (see {@link #inAReport}).
     */
    static String of(String module) {
        boolean c = IN_C.contains(module);
        boolean d = IN_D.contains(module);
        if (d && c) return REPORT_D + "," + REPORT_C;
        return d ? REPORT_D : REPORT_C;
    }

    /** Whether either report ran this database (else {@link #of} gives report C's cell as the nearest). */
    static boolean inAReport(String module) {
        return IN_C.contains(module) || IN_D.contains(module);
    }
}
