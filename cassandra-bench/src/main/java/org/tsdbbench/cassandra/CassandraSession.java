package org.tsdbbench.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.type.DataTypes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.DurabilitySetting;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSession;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;

/**
 * One client's Cassandra session. The published layout: partition key devgroup (CQL filters and
 * groups only by primary-key columns in key order), clustering devid, devname, ts. A request is
 * sent as one UNLOGGED batch per partition it touches (normally one: a client owns whole devices),
 * all in flight at once; or, in {@code async} mode, as one INSERT per row, all in flight at once.
 * The IoT trucks ({@link IotCql}) and the DevOps hosts ({@link CpuCql}) are written the same way.
 */
final class CassandraSession implements DeviceSession, IotSession, DevopsSession {

    /** How a request of R rows is sent. */
    enum WriteMode {
        BATCH, ASYNC
    }

    static final String TABLE = "CREATE TABLE %s.devices (devgroup int, devid int, devname text, ts timestamp, "
            + "temperature int, humidity float, PRIMARY KEY ((devgroup), devid, devname, ts))";

    private final CqlSession session;
    private final String keyspace;
    private final WriteMode mode;
    private final String conf;
    /**
     * The driver profile with this session's request timeout and consistency, or null for the
     * configuration's. A profile, not Statement.setTimeout: the driver's batch statements ignore
     * their own timeout.
     */
    private final DriverExecutionProfile timedProfile;
    private final CassandraJmx jmx;
    /** The keyspace's replication factor as the server has it (not as asked: the keyspace may be older). */
    private final String replicationFactor;
    private final String consistency;
    private PreparedStatement insert;
    /** Statements a request keeps in flight at most: the driver's stream ids per connection times the connections to a node, less a few. */
    private final int window;
    private PreparedStatement insertReadings;
    private PreparedStatement insertDiagnostics;
    private PreparedStatement insertCpu;
    private final CassandraCpuBatchBuilder cpuStatements = new CassandraCpuBatchBuilder();

    CassandraSession(CqlSession session, String keyspace, WriteMode mode, String conf, Duration timeout,
                     CassandraDatabase.Replication replication, CassandraJmx jmx) {
        this.session = session;
        this.keyspace = keyspace;
        this.mode = mode;
        this.conf = conf;
        DriverExecutionProfile profile = session.getContext().getConfig().getDefaultProfile();
        if (timeout != null) profile = profile.withDuration(DefaultDriverOption.REQUEST_TIMEOUT, timeout);
        if (replication.consistency() != null) profile = profile.withString(DefaultDriverOption.REQUEST_CONSISTENCY, replication.consistency().name());
        this.timedProfile = timeout == null && replication.consistency() == null ? null : profile;
        this.consistency = profile.getString(DefaultDriverOption.REQUEST_CONSISTENCY);
        // A few stream ids left for the driver's own requests on the connection (heartbeats).
        this.window = Math.max(1, profile.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS)
                * profile.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE) - 8);
        this.jmx = jmx;
        int factor = replication.factor() == null ? 1 : replication.factor();
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': " + factor + "}");
        Row ks = session.execute(SimpleStatement.newInstance("SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)).one();
        this.replicationFactor = ks == null ? String.valueOf(factor) : ks.getMap(0, String.class, String.class).getOrDefault("replication_factor", "?");
        if (replication.factor() != null && !replicationFactor.equals(String.valueOf(factor))) {
            throw new IllegalArgumentException("--option replicationFactor=" + factor + ": keyspace " + keyspace + " exists with replication "
                    + ks.getMap(0, String.class, String.class) + ": drop it, or name another keyspace with -database");
        }
    }

    @Override
    public void recreateSchema(WorkloadSpec spec) throws DatabaseException {
        try {
            session.execute("DROP TABLE IF EXISTS " + keyspace + ".devices");
            session.execute(String.format(TABLE, keyspace));
            insert = null;
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra: cannot create the table: " + DatabaseException.rootMessage(e), e);
        }
    }

    /** Drops readings and diagnostics if present and creates them empty ({@link IotCql}'s layout). */
    @Override
    public void recreateSchema(IotSpec spec) throws DatabaseException {
        try {
            for (IotTable t : IotTable.values()) session.execute(IotCql.drop(keyspace, t));
            for (IotTable t : IotTable.values()) session.execute(IotCql.create(keyspace, t));
            insertReadings = null;
            insertDiagnostics = null;
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra: cannot create the IoT tables: " + DatabaseException.rootMessage(e), e);
        }
    }

    /**
     * One request of IoT records: per table one UNLOGGED batch per fleet (partition) it touches, or
     * one INSERT per record in async mode, all in flight at once. The records acknowledged are those
     * of the statements that succeeded; a failed one fails the request, saying how many were.
     */
    @Override
    public long write(TruckBatch b) throws DatabaseException {
        if (b.isEmpty()) return 0;
        List<Integer> rowsOf = new ArrayList<>();
        return send(statements(b, rowsOf), rowsOf, b.size());
    }

    /** The IoT request's statements bound now; sending them is the measured part with {@code --option prebuild=true}. */
    @Override
    public PreparedStatements prepare(TruckBatch b) throws DatabaseException {
        List<Integer> rowsOf = new ArrayList<>();
        List<Statement<?>> statements = b.isEmpty() ? new ArrayList<>() : statements(b, rowsOf);
        return new PreparedStatements(b.size(), statements, rowsOf, PreparedStatements.BOUND_RECORD_BYTES);
    }

    private List<Statement<?>> statements(TruckBatch b, List<Integer> rowsOf) throws DatabaseException {
        try {
            if (insertReadings == null) insertReadings = session.prepare(IotCql.insert(keyspace, IotTable.READINGS));
            if (insertDiagnostics == null) insertDiagnostics = session.prepare(IotCql.insert(keyspace, IotTable.DIAGNOSTICS));
            List<Statement<?>> statements = CassandraIotBatchBuilder.statements(insertReadings, insertDiagnostics, b, mode == WriteMode.BATCH, rowsOf);
            statements.replaceAll(this::timed);
            return statements;
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra insert of " + b.size() + " IoT records failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    /** The records in readings and diagnostics, counted by Cassandra. */
    @Override
    public long countRows(IotSpec spec) throws DatabaseException {
        try {
            long n = 0;
            for (IotTable t : IotTable.values()) {
                n += session.execute(timed(SimpleStatement.newInstance("SELECT COUNT(*) FROM " + keyspace + "." + t.measurement))).one().getLong(0);
            }
            return n;
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra count failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    /** Both IoT tables flushed, compactions settled, their LiveDiskSpaceUsed summed (each named in the method). */
    @Override
    public DiskUse diskUse(IotSpec spec) throws DatabaseException {
        return jmx.diskUse(keyspace, IotTable.READINGS.measurement, IotTable.DIAGNOSTICS.measurement);
    }

    /** Drops cpu if present and creates it empty ({@link CpuCql}'s layout). */
    @Override
    public void recreateSchema(DevopsSpec spec) throws DatabaseException {
        try {
            session.execute(CpuCql.drop(keyspace));
            session.execute(CpuCql.create(keyspace));
            insertCpu = null;
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra: cannot create the cpu table: "
                    + DatabaseException.rootMessage(e), e);
        }
    }

    /**
     * One request of cpu rows: one UNLOGGED batch per host (partition) it touches, or one INSERT per
     * row in async mode, all in flight at once. The rows acknowledged are those of the statements that
     * succeeded; a failed one fails the request, saying how many were.
     */
    @Override
    public long write(CpuBatch b) throws DatabaseException {
        if (b.isEmpty()) return 0;
        List<Integer> rowsOf = new ArrayList<>();
        return send(statements(b, rowsOf), rowsOf, b.size());
    }

    /** The cpu request's statements bound now; sending them is measured with {@code --option prebuild=true}. */
    @Override
    public PreparedStatements prepare(CpuBatch b) throws DatabaseException {
        List<Integer> rowsOf = new ArrayList<>();
        List<Statement<?>> statements = b.isEmpty() ? new ArrayList<>() : statements(b, rowsOf);
        return new PreparedStatements(b.size(), statements, rowsOf, PreparedStatements.BOUND_CPU_ROW_BYTES);
    }

    private List<Statement<?>> statements(CpuBatch b, List<Integer> rowsOf) throws DatabaseException {
        try {
            if (insertCpu == null) insertCpu = session.prepare(CpuCql.insert(keyspace));
            List<Statement<?>> statements = cpuStatements.statements(insertCpu, b, mode == WriteMode.BATCH, rowsOf);
            statements.replaceAll(this::timed);
            return statements;
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra insert of " + b.size() + " cpu rows failed: "
                    + DatabaseException.rootMessage(e), e);
        }
    }

    /** The rows in cpu, counted by Cassandra. */
    @Override
    public long countRows(DevopsSpec spec) throws DatabaseException {
        try {
            String count = "SELECT COUNT(*) FROM " + keyspace + "." + CpuCql.TABLE;
            return session.execute(timed(SimpleStatement.newInstance(count))).one().getLong(0);
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra count failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    /** cpu flushed, compactions settled, its LiveDiskSpaceUsed. */
    @Override
    public DiskUse diskUse(DevopsSpec spec) throws DatabaseException {
        return jmx.diskUse(keyspace, CpuCql.TABLE);
    }

    private Statement<?> timed(Statement<?> st) {
        return timedProfile == null ? st : st.setExecutionProfile(timedProfile);
    }

    private PreparedStatement insert() {
        if (insert == null) {
            insert = session.prepare("INSERT INTO " + keyspace + ".devices (devgroup, devid, devname, ts, temperature, humidity) "
                    + "VALUES (?, ?, ?, ?, ?, ?)");
        }
        return insert;
    }

    @Override
    public long write(RowBatch b) throws DatabaseException {
        List<Integer> rowsOf = new ArrayList<>();
        return send(statements(b, rowsOf), rowsOf, b.size());
    }

    /** The request's statements, every value bound (encoded) and the session's profile set. */
    private List<Statement<?>> statements(RowBatch b, List<Integer> rowsOf) throws DatabaseException {
        try {
            List<Statement<?>> statements = mode == WriteMode.ASYNC
                    ? CassandraBatchBuilder.singles(insert(), b, rowsOf)
                    : CassandraBatchBuilder.batches(insert(), b, rowsOf);
            statements.replaceAll(this::timed);
            return statements;
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra insert of " + b.size() + " rows failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    /**
     * Sends every statement at once, up to {@link #window} in flight: past it the driver refuses a
     * request outright (no stream id left on the connection: "No connection was available"), so
     * the next is sent as the oldest is answered. A request of batches (at most a few per request)
     * and the devices' async requests (up to 1,000 rows) never reach it; the IoT async mode's
     * requests of 5,000 records do.
     */
    private long send(List<Statement<?>> statements, List<Integer> rowsOf, int rows) throws DatabaseException {
        List<CompletionStage<AsyncResultSet>> inFlight = new ArrayList<>(statements.size());
        Acks acks = new Acks();
        try {
            for (Statement<?> st : statements) {
                if (inFlight.size() - acks.awaited >= window) acks.await(inFlight, rowsOf);
                inFlight.add(session.executeAsync(st));
            }
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra insert of " + rows + " rows failed: " + DatabaseException.rootMessage(e), e);
        }
        while (acks.awaited < inFlight.size()) acks.await(inFlight, rowsOf);
        if (acks.error != null) {
            throw new DatabaseException("Cassandra insert of " + rows + " rows: " + acks.acked + " acknowledged, the rest failed: " + acks.error);
        }
        return acks.acked;
    }

    /** The statements answered so far, in order: the rows of those that succeeded, and the first error. */
    private static final class Acks {
        int awaited;
        long acked;
        String error;

        /** Waits for the oldest statement not yet awaited; its rows are acknowledged when it succeeded. */
        void await(List<CompletionStage<AsyncResultSet>> inFlight, List<Integer> rowsOf) {
            try {
                inFlight.get(awaited).toCompletableFuture().join();
                acked += rowsOf.get(awaited);
            } catch (RuntimeException e) {
                if (error == null) error = DatabaseException.rootMessage(e);
            }
            awaited++;
        }
    }

    /**
     * The statements bound now (the driver encodes each value as it binds), batched per partition
     * in batch mode; sending them is the measured part with {@code --option prebuild=true}.
     */
    @Override
    public PreparedStatements prepare(RowBatch b) throws DatabaseException {
        List<Integer> rowsOf = new ArrayList<>();
        return new PreparedStatements(b.size(), statements(b, rowsOf), rowsOf, PreparedStatements.BOUND_ROW_BYTES);
    }

    /** A request built by {@link #prepare}: its bound statements and the rows of each. */
    final class PreparedStatements implements PreparedWrite {
        /**
         * Heap a bound row holds: the bound statement and its values array, and six encoded values,
         * a ByteBuffer and its bytes each. Measured: 627 bytes a row in batch mode, 631 in async
         * (200 requests of 1,000 rows held, heap after GC, driver 4.19).
         */
        static final long BOUND_ROW_BYTES = 650;
        /**
         * The same for an IoT record: sixteen values (eleven in diagnostics), about 100 bytes a
         * value as the devices' measured six: an estimate, not measured.
         */
        static final long BOUND_RECORD_BYTES = 1_700;
        /** The same for a cpu row: twelve values (tags once per host and request): an estimate, not measured. */
        static final long BOUND_CPU_ROW_BYTES = 1_200;

        private final int rows;
        final List<Statement<?>> statements;
        private final List<Integer> rowsOf;
        private final long bytesPerRow;

        private PreparedStatements(int rows, List<Statement<?>> statements, List<Integer> rowsOf, long bytesPerRow) {
            this.rows = rows;
            this.statements = statements;
            this.rowsOf = rowsOf;
            this.bytesPerRow = bytesPerRow;
        }

        @Override
        public int rows() {
            return rows;
        }

        @Override
        public long bytes() {
            return (mode == WriteMode.BATCH ? 256L * statements.size() : 0) + bytesPerRow * rows;
        }

        @Override
        public long send() throws DatabaseException {
            return CassandraSession.this.send(statements, rowsOf, rows);
        }
    }

    @Override
    public void query(String text, ResultSink sink) throws DatabaseException {
        try {
            ResultSet rs = session.execute(timed(SimpleStatement.newInstance(text).setKeyspace(keyspace)));
            ColumnDefinitions cols = rs.getColumnDefinitions();
            double[] row = new double[cols.size()];
            String[] texts = new String[cols.size()];
            boolean[] isText = new boolean[cols.size()];
            for (int i = 0; i < isText.length; i++) {
                var type = cols.get(i).getType();
                isText[i] = type.equals(DataTypes.TEXT) || type.equals(DataTypes.ASCII);
            }
            for (Row r : rs) {
                for (int i = 0; i < row.length; i++) {
                    texts[i] = isText[i] ? r.getString(i) : null;
                    row[i] = isText[i] ? Double.NaN : number(r, i, cols);
                }
                sink.row(row, texts);
            }
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra query failed: " + DatabaseException.rootMessage(e) + " [" + text + "]", e);
        }
    }

    private static double number(Row r, int i, ColumnDefinitions cols) {
        if (r.isNull(i)) return Double.NaN;
        var type = cols.get(i).getType();
        if (type.equals(DataTypes.TIMESTAMP)) return r.getInstant(i).toEpochMilli();
        if (type.equals(DataTypes.INT)) return r.getInt(i);
        if (type.equals(DataTypes.BIGINT) || type.equals(DataTypes.COUNTER)) return r.getLong(i);
        if (type.equals(DataTypes.FLOAT)) return r.getFloat(i);
        if (type.equals(DataTypes.DOUBLE)) return r.getDouble(i);
        throw new IllegalStateException("column " + cols.get(i).getName() + " of type " + type + " is not a number");
    }

    @Override
    public long countRows(WorkloadSpec spec) throws DatabaseException {
        try {
            return session.execute(timed(SimpleStatement.newInstance("SELECT COUNT(*) FROM " + keyspace + ".devices"))).one().getLong(0);
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra count failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    @Override
    public DiskUse diskUse() throws DatabaseException {
        return jmx.diskUse(keyspace, "devices");
    }

    /**
     * The driver and its version, as the driver itself reports it (read from its own resource; the
     * package's implementation version comes from the shaded jar's manifest, which has none).
     */
    static String driver() {
        return "Apache Cassandra Java driver " + com.datastax.oss.driver.api.core.session.Session.OSS_DRIVER_COORDINATES.getVersion();
    }

    @Override
    public ServerFacts facts(Workload workload) throws DatabaseException {
        try {
            Row local = session.execute("SELECT release_version FROM system.local").one();
            Map<String, String> settings = new LinkedHashMap<>();
            settings.put("writeMode", mode.name().toLowerCase(java.util.Locale.ROOT));
            settings.put("batchType", mode == WriteMode.BATCH ? "UNLOGGED, one per partition" : "none (single-row inserts)");
            settings.put("driverConfig", conf);
            settings.put("replicationFactor", replicationFactor);
            settings.put("consistency", consistency);
            if (IotWorkload.INSTANCE.equals(workload)) {
                settings.put("iotLayout", "partition key fleet; clustering by the other seven tags, then ts DESC; a null text tag stored as '',"
                        + " a null numeric tag as NaN (primary-key columns cannot be null); a null field left unset");
                settings.put("iotBatches", mode == WriteMode.BATCH ? "UNLOGGED, one per table and fleet" : "none (single-record inserts)");
                settings.put("iotQueries", "Cassandra aggregates per series (the eight tags), or per series and floor(ts, 10m): COUNT, SUM, MIN,"
                        + " MAX, AVG; the first row of a series group for its latest record");
                for (IotQueryType t : IotQueryType.values()) settings.put("iotClient." + t.id(), IotCqlShaper.clientPart(t));
                return new ServerFacts(local.getString(0), driver(), settings,
                        List.of(IotCql.create(keyspace, IotTable.READINGS), IotCql.create(keyspace, IotTable.DIAGNOSTICS)));
            }
            if (CpuOnlyWorkload.INSTANCE.equals(workload)) {
                settings.put("devopsLayout", "partition key hostname; clustering time DESC; the ten fields bigint;"
                        + " the nine other tags static (once per host)");
                settings.put("devopsBatches", mode == WriteMode.BATCH ? "UNLOGGED, one per host" : "none");
                settings.put("devopsQueries", "Cassandra alone: GROUP BY floor(time, 1m|1h) in one host, or hostname"
                        + " and floor(time, 1h); PER PARTITION LIMIT 1; absent (groups span hosts): "
                        + CpuCql.absent());
                return new ServerFacts(local.getString(0), driver(), settings, List.of(CpuCql.create(keyspace)));
            }
            settings.put("spread", "MAX(temperature) - MIN(temperature), subtracted by the client (CQL has no spread)");
            settings.put("q4", "COUNT and SUM per device and floor(ts, 1m), summed per minute by the client");
            return new ServerFacts(local.getString(0), driver(), settings, List.of(String.format(TABLE, keyspace)));
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra: cannot read server facts: " + DatabaseException.rootMessage(e), e);
        }
    }

    /**
     * The commit log's sync mode as the node reports it (system_views.settings). batch and group
     * answer a write once the commit log is fsynced. periodic answers once the write is in the
     * commit log segment; the sync thread marks the segment's sections complete about every 100 ms
     * (Cassandra's AbstractCommitLogService) and fsyncs every commitlog_sync_period, and a restarted
     * node replays marked sections only: a killed node loses what was acknowledged since the last
     * mark (measured here: 200 rows, 80 ms at 2,500 rows/s), an OS crash or power loss up to a
     * period. Cassandra's documentation of periodic mode names the loss; batch or group avoid it.
     */
    @Override
    public List<DurabilitySetting> durability() throws DatabaseException {
        try {
            String sync = setting("commitlog_sync");
            String period = setting("commitlog_sync_period");
            boolean periodic = "periodic".equals(sync);
            String meaning = periodic
                    ? "a write is answered once it is in the commit log segment, before the sync thread marks that section complete (about every"
                    + " 100 ms) and fsyncs it (every " + period + "); a restart replays marked sections only: a killed node loses the writes"
                    + " acknowledged since the last mark, an OS crash or power loss up to " + period
                    : "a write is answered once the commit log is fsynced (" + sync + ")";
            return List.of(DurabilitySetting.of("commitlog_sync", sync + (periodic ? " " + period : ""), meaning, periodic));
        } catch (RuntimeException e) {
            throw new DatabaseException("Cassandra: cannot read the commit log settings: " + DatabaseException.rootMessage(e), e);
        }
    }

    /** One setting of the node as system_views.settings gives it; null when absent or null. */
    private String setting(String name) {
        Row r = session.execute(SimpleStatement.newInstance("SELECT value FROM system_views.settings WHERE name = ?", name)).one();
        return r == null || r.isNull(0) || r.getString(0).equals("null") ? null : r.getString(0);
    }

    /**
     * Starts the driver's shutdown and returns: the driver would wait out Netty's 2 s quiet period,
     * which the query step paid once per query (127 times). Nothing is pending when a client
     * closes, and the shutdown's threads finish on their own.
     */
    @Override
    public void close() {
        session.closeAsync();
    }
}
