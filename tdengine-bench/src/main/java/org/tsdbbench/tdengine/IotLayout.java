package org.tsdbbench.tdengine;

import java.util.List;
import org.tsdbbench.common.iot.IotScenario;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.Trucks;

/**
 * Report C's TDengine layout of the IoT trucks: a database of its own ({@code <database>_iot}, so
 * that its settings never reach the devices' database), the super tables {@code readings} and
 * {@code diagnostics} with the eight truck tags, and one sub-table per truck and table,
 * {@code r_<name>} / {@code d_<name>}, created with the truck's tags on its first insert; the
 * records whose name is null go to {@code r_truck_null} / {@code d_truck_null}, whose tags are all
 * null (TSBS's TDengine loader's names). See the module README, "IoT".
 */
final class IotLayout {

    /** Report C: 12 vnodes. */
    static final int VGROUPS = 12;
    /** TDengine's default KEEP is 3650 days: the data sets start in 2016, so the database keeps 100 years, as TDengine's TSBS scripts do. */
    static final String KEEP = "36500d";
    /** The eight tags in TSBS's order ({@link org.tsdbbench.common.iot.IotTag}'s), VARCHAR(30) and DOUBLE as report C's schema. */
    static final String TAG_COLUMNS = "name VARCHAR(30), fleet VARCHAR(30), driver VARCHAR(30), model VARCHAR(30), device_version VARCHAR(30),"
            + " load_capacity DOUBLE, fuel_capacity DOUBLE, nominal_fuel_consumption DOUBLE";

    private final String database;

    IotLayout(String devicesDatabase) {
        this.database = devicesDatabase + "_iot";
    }

    String database() {
        return database;
    }

    /** A super table's name qualified with the IoT database: every IoT statement names it so, whatever database the session uses. */
    String table(IotTable table) {
        return database + "." + table.measurement;
    }

    /**
     * A sub-table's qualified name: {@code r_truck_<n>} (readings) or {@code d_truck_<n>}
     * (diagnostics) for truck name number n, {@code r_truck_null} / {@code d_truck_null} for n = -1.
     */
    String subTable(IotTable table, int name) {
        return database + "." + (table == IotTable.READINGS ? "r_" : "d_") + (name < 0 ? "truck_null" : Trucks.name(name));
    }

    /**
     * Report C's stt_trigger for a data set: its scenario's (1 for 100 and 4,000 trucks, 8 for
     * 100,000, 16 for a million and more); another data set takes that of the smallest scenario with
     * at least as many trucks (the largest's past 10 million).
     */
    static int sttTrigger(IotSpec spec) {
        for (IotScenario s : IotScenario.PUBLISHED) if (s.spec().equals(spec)) return s.tdengineSttTrigger();
        for (IotScenario s : IotScenario.PUBLISHED) if (s.spec().trucks() >= spec.trucks()) return s.tdengineSttTrigger();
        return IotScenario.PUBLISHED.get(IotScenario.PUBLISHED.size() - 1).tdengineSttTrigger();
    }

    /**
     * A record's time in the database's milliseconds; a time with a finer part is an
     * IllegalArgumentException (rounded, it could overwrite another record of its truck).
     */
    static long millis(long ns) {
        if (ns % 1_000_000 != 0) {
            throw new IllegalArgumentException("a record at " + java.time.Instant.ofEpochSecond(0, ns) + " has a time finer than the IoT"
                    + " database's millisecond precision (TSBS's TDengine loader's)");
        }
        return ns / 1_000_000;
    }

    /** The database of report C's settings: 12 vgroups, last-row cache, the scenario's stt_trigger; ms as TSBS's TDengine loader. */
    String createDatabase(IotSpec spec, Integer replica) {
        return "CREATE DATABASE " + database + " PRECISION 'ms' VGROUPS " + VGROUPS + " CACHEMODEL 'last_row' STT_TRIGGER " + sttTrigger(spec)
                + " KEEP " + KEEP + (replica == null ? "" : " REPLICA " + replica);
    }

    /**
     * The layout for the manifest: the database as {@link #createDatabase} makes it (its
     * stt_trigger named as the rule, the data set decides it) and the two super tables.
     */
    List<String> described() {
        return List.of("CREATE DATABASE " + database + " PRECISION 'ms' VGROUPS " + VGROUPS + " CACHEMODEL 'last_row'"
                        + " STT_TRIGGER <1 up to 4,000 trucks, 8 up to 100,000, 16 beyond (report C's)> KEEP " + KEEP,
                createSuperTable(IotTable.READINGS), createSuperTable(IotTable.DIAGNOSTICS),
                "sub-tables r_<name> and d_<name> per truck, r_truck_null and d_truck_null for the records whose name is null");
    }

    /** The two super tables: the fields as report C's schema (status BIGINT), the eight tags. */
    List<String> createSuperTables() {
        return List.of(createSuperTable(IotTable.READINGS), createSuperTable(IotTable.DIAGNOSTICS));
    }

    private String createSuperTable(IotTable table) {
        StringBuilder s = new StringBuilder("CREATE STABLE ").append(table(table)).append(" (ts TIMESTAMP");
        for (int f = 0; f < table.fieldCount(); f++) s.append(", ").append(table.fields().get(f)).append(table.isInteger(f) ? " BIGINT" : " DOUBLE");
        return s.append(") TAGS (").append(TAG_COLUMNS).append(')').toString();
    }
}
