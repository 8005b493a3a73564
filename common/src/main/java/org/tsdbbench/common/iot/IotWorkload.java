package org.tsdbbench.common.iot;

import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tsdbbench.common.workload.DataOptions;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.Query;
import org.tsdbbench.common.workload.Table;
import org.tsdbbench.common.workload.Table.Column;
import org.tsdbbench.common.workload.Workload;

/**
 * TSBS's IoT trucks, the data of the newer published comparisons (spec/iot.md): two measurements
 * with a truck's eight tags, a record of each every 10 s, TSBS's gaps, late records and nulls;
 * generated ({@link IotGenerator}) or read from a {@code tsbs_generate_data --use-case=iot} file,
 * queried by TSBS's twelve IoT queries and report D's four ({@link IotQueryType}). Its batch is
 * {@link TruckBatch}, its spec {@link IotSpec}, its query {@link IotQuery}, its answers
 * {@link IotCatalogAnswers}.
 */
public final class IotWorkload implements Workload {

    public static final IotWorkload INSTANCE = new IotWorkload();

    /** readings and diagnostics: the time, the eight tags (any of which a record may leave null), the fields (any one null). */
    private static final List<Table> TABLES = List.of(table(IotTable.READINGS), table(IotTable.DIAGNOSTICS));

    private IotWorkload() {
    }

    private static Table table(IotTable t) {
        List<Column> tags = new ArrayList<>();
        for (IotTag tag : IotTag.values()) tags.add(Column.nullable(tag.key, tag.numeric ? Table.Type.DOUBLE : Table.Type.TEXT));
        List<Column> fields = new ArrayList<>();
        for (int f = 0; f < t.fieldCount(); f++) fields.add(Column.nullable(t.fields().get(f), t.isInteger(f) ? Table.Type.BIGINT : Table.Type.DOUBLE));
        return new Table(t.measurement, "time", tags, fields);
    }

    @Override
    public String name() {
        return "iot";
    }

    @Override
    public String description() {
        return "TSBS's IoT trucks (readings, diagnostics) of the newer reports, generated or from a TSBS file; its 12 queries and report D's 2";
    }

    @Override
    public List<Table> tables() {
        return TABLES;
    }

    @Override
    public DataOptions options() {
        return new IotDataOptions();
    }

    @Override
    public DataSet defaultDataSet() {
        return IotDataSet.generated(IotSpec.defaults());
    }

    @Override
    public DataSet readDataSet(JsonNode json) throws IOException {
        return IotDataSet.read(json);
    }

    @Override
    public Query query(String id) {
        return IotQuery.parse(id);
    }

    @Override
    public boolean implementedBy(Session session, Dialect dialect) {
        return session instanceof IotSession && dialect instanceof IotDialect;
    }

    @Override
    public Callable<Integer> generator() {
        return new IotFileGenerator();
    }

    @Override
    public String toString() {
        return name();
    }
}
