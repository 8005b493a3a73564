package org.tsdbbench.common.data;

import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.workload.DataOptions;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.Query;
import org.tsdbbench.common.workload.Table;
import org.tsdbbench.common.workload.Table.Column;
import org.tsdbbench.common.workload.Workload;

/**
 * The devices of the 2018 reports: one table of devices reporting a temperature and a humidity
 * every second ({@link WorkloadSpec}, {@link DeviceGenerator}), in text files of the original
 * tools' format or generated on the fly, queried by q1..q6 ({@link org.tsdbbench.common.query.QueryCatalog}).
 * Its batch is {@link RowBatch}, its query {@link LogicalQuery}, its answers
 * {@link org.tsdbbench.common.query.DeviceAnswers}.
 */
public final class DevicesWorkload implements Workload {

    public static final DevicesWorkload INSTANCE = new DevicesWorkload();

    /** The one table: the device's id, name and group as tags; temperature (an integer) and humidity as fields. */
    private static final List<Table> TABLES = List.of(new Table("devices", "ts",
            List.of(Column.of("devid", Table.Type.INT), Column.of("devname", Table.Type.TEXT), Column.of("devgroup", Table.Type.INT)),
            List.of(Column.of("temperature", Table.Type.INT), Column.of("humidity", Table.Type.FLOAT))));

    private DevicesWorkload() {
    }

    @Override
    public String name() {
        return "devices";
    }

    @Override
    public String description() {
        return "the 2018 reports' devices: temperature and humidity every second, q1..q6";
    }

    @Override
    public List<Table> tables() {
        return TABLES;
    }

    @Override
    public DataOptions options() {
        return new DeviceDataOptions();
    }

    @Override
    public DataSet defaultDataSet() {
        return DeviceDataSet.generated(WorkloadSpec.defaults());
    }

    @Override
    public DataSet readDataSet(JsonNode json) throws IOException {
        return DeviceDataSet.read(json);
    }

    @Override
    public Query query(String id) {
        return LogicalQuery.parse(id);
    }

    @Override
    public boolean implementedBy(Session session, Dialect dialect) {
        return session instanceof DeviceSession && dialect instanceof DeviceDialect;
    }

    @Override
    public Callable<Integer> generator() {
        return new DeviceFileGenerator();
    }

    /**
     * The data set of a test defined on the devices alone (the range, volume and mixed tests read
     * q6 ranges and append the devices' next rows); another workload's data set is an
     * IllegalArgumentException naming the test and the workload.
     */
    public static DeviceDataSet dataSetOf(DataSet data, String test) {
        if (data instanceof DeviceDataSet devices) return devices;
        throw new IllegalArgumentException(test + " runs on the devices workload only, not on " + data.workload().name());
    }

    @Override
    public String toString() {
        return name();
    }
}
