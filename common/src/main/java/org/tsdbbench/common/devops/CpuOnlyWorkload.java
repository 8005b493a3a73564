package org.tsdbbench.common.devops;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.workload.DataOptions;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.Query;
import org.tsdbbench.common.workload.Table;
import org.tsdbbench.common.workload.Table.Column;
import org.tsdbbench.common.workload.Workload;

/**
 * TSBS's DevOps use case in its cpu-only form, the most used TSBS workload: one {@code cpu}
 * measurement with a host's ten tags and ten integer usage fields, a row per host every 10 s;
 * generated ({@link CpuGenerator}) or read from a {@code tsbs_generate_data --use-case=cpu-only}
 * file, queried by TSBS's fifteen DevOps queries and report D's sixteenth ({@link DevopsQueryType}). A
 * database takes it through {@link DevopsSession} and {@link DevopsDialect}.
 */
public final class CpuOnlyWorkload implements Workload {

    public static final CpuOnlyWorkload INSTANCE = new CpuOnlyWorkload();

    private static final List<Table> TABLES = List.of(cpu());

    private CpuOnlyWorkload() {
    }

    private static Table cpu() {
        List<Column> tags = new ArrayList<>();
        for (String t : HostTags.KEYS) tags.add(Column.of(t, Table.Type.TEXT));
        List<Column> fields = new ArrayList<>();
        for (String f : CpuBatch.FIELDS) fields.add(Column.of(f, Table.Type.BIGINT));
        return new Table("cpu", "time", tags, fields);
    }

    @Override
    public String name() {
        return "cpu-only";
    }

    @Override
    public String description() {
        return "TSBS's DevOps hosts, cpu-only (one cpu measurement, 10 tags, 10 fields), generated or from a TSBS file; its 15 queries";
    }

    @Override
    public List<Table> tables() {
        return TABLES;
    }

    @Override
    public DataOptions options() {
        return new CpuDataOptions();
    }

    @Override
    public DataSet defaultDataSet() {
        return CpuDataSet.generated(DevopsSpec.defaults());
    }

    @Override
    public DataSet readDataSet(JsonNode json) throws IOException {
        return CpuDataSet.read(json);
    }

    @Override
    public Query query(String id) {
        return DevopsQuery.parse(id);
    }

    @Override
    public boolean implementedBy(Session session, Dialect dialect) {
        return session instanceof DevopsSession && dialect instanceof DevopsDialect;
    }

    @Override
    public Callable<Integer> generator() {
        return new CpuFileGenerator();
    }

    @Override
    public String toString() {
        return name();
    }
}
