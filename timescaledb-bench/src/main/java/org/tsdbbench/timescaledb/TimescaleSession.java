package org.tsdbbench.timescaledb;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.DurabilitySetting;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.iot.IotSession;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;

/**
 * One client's TimescaleDB connection. Every request is one implicit transaction in autocommit
 * (a multi-row INSERT, a COPY, or a JDBC batch, which the driver sends with one Sync), committed
 * with PostgreSQL's default durability before it is acknowledged; a query is one statement in
 * autocommit too. With {@code compress}, the table is made for the columnstore and every count
 * first converts what is still in the row store (see {@link Columnstore}).
 */
final class TimescaleSession implements DeviceSession, IotSession, DevopsSession {

    private static final String BATCH_INSERT = InsertBuilder.PREFIX + "(?,?,?,?,?,?)";
    private static final String READINGS_COPY = BinaryCopy.statement(IotTable.READINGS);
    private static final String DIAGNOSTICS_COPY = BinaryCopy.statement(IotTable.DIAGNOSTICS);

    private final Connection connection;
    private final WriteMode mode;
    private final boolean compress;
    private final InsertBuilder insert = new InsertBuilder();
    private final CopyBuilder copy = new CopyBuilder();
    private PreparedStatement batchInsert;
    private final TagIds tagIds = new TagIds();
    private final IotRequestBuilder insertText = new IotRequestBuilder();
    private final BinaryCopy readingsCopy = new BinaryCopy();
    private final BinaryCopy diagnosticsCopy = new BinaryCopy();
    private final HostTagIds hostTagIds = new HostTagIds();
    private final CpuCopy cpuCopy = new CpuCopy();

    TimescaleSession(Connection connection, WriteMode mode, boolean compress) {
        this.connection = connection;
        this.mode = mode;
        this.compress = compress;
    }

    @Override
    public void recreateSchema(WorkloadSpec spec) throws DatabaseException {
        try {
            Jdbc.execute(connection, "DROP TABLE IF EXISTS " + DevicesTable.NAME);
            Jdbc.execute(connection, "DROP TABLE IF EXISTS " + Columnstore.DISK_COPY);
            for (String ddl : DevicesTable.create(spec, compress)) Jdbc.execute(connection, ddl);
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB: cannot create the hypertable: " + e.getMessage(), e);
        }
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        try {
            return switch (mode) {
                case MULTIROW -> sendInsert(insert.build(batch));
                case COPY -> {
                    CopyBuilder body = copy.build(batch);
                    yield sendCopy(body.bytes(), body.length());
                }
                case BATCH -> {
                    if (batchInsert == null) batchInsert = connection.prepareStatement(BATCH_INSERT);
                    try {
                        bind(batchInsert, batch);
                        yield Jdbc.executeBatch(batchInsert);
                    } finally {
                        batchInsert.clearBatch();   // a failed request's rows never join the next one
                    }
                }
            };
        } catch (SQLException e) {
            throw writeFailed(batch.size(), e);
        }
    }

    private DatabaseException writeFailed(int rows, SQLException e) {
        return new DatabaseException("TimescaleDB " + mode.name().toLowerCase(Locale.ROOT) + " write of " + rows + " rows failed: "
                + DatabaseException.rootMessage(e), e);
    }

    /** One multi-row INSERT: the server's row count is the rows stored. */
    private long sendInsert(String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            return st.executeUpdate(sql);
        }
    }

    /** One COPY FROM STDIN: the server's row count at its end is the rows stored (all or none). */
    private long sendCopy(byte[] body, int length) throws SQLException {
        return sendCopy(CopyBuilder.STATEMENT, body, length);
    }

    private long sendCopy(String statement, byte[] body, int length) throws SQLException {
        CopyIn in = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(statement);
        try {
            in.writeToCopy(body, 0, length);
            return in.endCopy();
        } finally {
            if (in.isActive()) in.cancelCopy();
        }
    }

    /** Adds every row of the batch to the statement's JDBC batch. */
    private static void bind(PreparedStatement st, RowBatch b) throws SQLException {
        for (int i = 0; i < b.size(); i++) {
            // A Timestamp is an instant: the driver sends it with its offset, the column is timestamptz.
            st.setTimestamp(1, new Timestamp(b.ts[i]));
            st.setInt(2, b.devid[i]);
            st.setString(3, b.devname[i]);
            st.setInt(4, b.devgroup[i]);
            st.setInt(5, b.temperature[i]);
            st.setFloat(6, b.humidity[i]);
            st.addBatch();
        }
    }


    /**
     * The request built now: multirow, the INSERT text; copy, the COPY body in bytes of its own;
     * batch, a statement of its own with every row bound and added to its JDBC batch (the driver's
     * rewrite into multi-row INSERTs is part of executing it, the measured call). Sending closes
     * the batch's statement.
     */
    @Override
    public PreparedWrite prepare(RowBatch batch) throws DatabaseException {
        int rows = batch.size();
        switch (mode) {
            case MULTIROW -> {
                return new PreparedRequest(rows, insert.build(batch), null, null);
            }
            case COPY -> {
                return new PreparedRequest(rows, null, copy.build(batch).copy(), null);
            }
            default -> {
                try {
                    PreparedStatement st = connection.prepareStatement(BATCH_INSERT);
                    try {
                        bind(st, batch);
                    } catch (SQLException e) {
                        st.close();
                        throw e;
                    }
                    return new PreparedRequest(rows, null, null, st);
                } catch (SQLException e) {
                    throw new DatabaseException("TimescaleDB: cannot bind " + rows + " rows: " + e.getMessage(), e);
                }
            }
        }
    }

    /**
     * A request built by {@link #prepare}: the INSERT text, the COPY body, or a statement with its
     * rows bound. {@link #bytes} is the text's or body's bytes, or {@link #BOUND_ROW_BYTES} a bound row.
     */
    final class PreparedRequest implements PreparedWrite {
        /**
         * Heap a bound row holds in the driver's batch: its six parameters (values, types, their
         * text) and the Timestamp. Measured: 351 bytes a row (200 requests of 1,000 rows held,
         * heap after GC, driver 42.7.14); the INSERT text and the COPY body measured as their
         * {@link #bytes} say (52 and 39 bytes a row).
         */
        static final long BOUND_ROW_BYTES = 400;

        private final int rows;
        final String sql;
        final byte[] body;
        final PreparedStatement bound;

        private PreparedRequest(int rows, String sql, byte[] body, PreparedStatement bound) {
            this.rows = rows;
            this.sql = sql;
            this.body = body;
            this.bound = bound;
        }

        @Override
        public int rows() {
            return rows;
        }

        @Override
        public long bytes() {
            return sql != null ? 64 + sql.length() : body != null ? 64 + body.length : 512 + BOUND_ROW_BYTES * rows;
        }

        @Override
        public long send() throws DatabaseException {
            try {
                if (sql != null) return sendInsert(sql);
                if (body != null) return sendCopy(body, body.length);
                try (PreparedStatement st = bound) {
                    return Jdbc.executeBatch(st);
                }
            } catch (SQLException e) {
                throw writeFailed(rows, e);
            }
        }
    }

    @Override
    public void recreateSchema(IotSpec spec) throws DatabaseException {
        try {
            for (String ddl : IotTables.drop()) Jdbc.execute(connection, ddl);
            tagIds.clear();
            for (String ddl : IotTables.create(spec, compress)) Jdbc.execute(connection, ddl);
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB: cannot create the IoT tables: " + e.getMessage(), e);
        }
    }

    /**
     * One request of IoT records: the tag sets not seen before upserted first (autocommit: a tags
     * row without records is harmless), then both tables' rows in one transaction, so that the
     * request is stored whole or not at all. copy: a COPY per table, then COMMIT; multirow: both
     * INSERTs in one statement text, which the driver sends with one Sync, one implicit transaction.
     * The acknowledged records are the counts the server returns.
     */
    @Override
    public long write(TruckBatch batch) throws DatabaseException {
        if (batch.isEmpty()) return 0;
        if (mode != WriteMode.COPY) return prepare(batch).send();
        // COPY straight from the builders' buffers: no copy of the bodies.
        try {
            tagIds.resolve(connection, batch);
            readingsCopy.build(batch.readings, tagIds);
            diagnosticsCopy.build(batch.diagnostics, tagIds);
        } catch (SQLException e) {
            throw writeFailed(batch.size(), e);
        } catch (IllegalArgumentException e) {
            throw new DatabaseException("TimescaleDB: cannot write " + batch.size() + " IoT records: " + e.getMessage(), e);
        }
        return sendIot(batch.size(), () -> sendCopies(readingsCopy.bytes(), readingsCopy.length(), diagnosticsCopy.bytes(), diagnosticsCopy.length()));
    }

    @Override
    public PreparedWrite prepare(TruckBatch batch) throws DatabaseException {
        int records = batch.size();
        if (records == 0) return PreparedWrite.of(0, 0, () -> 0);
        try {
            tagIds.resolve(connection, batch);
            switch (mode) {
                case COPY -> {
                    byte[] readings = readingsCopy.build(batch.readings, tagIds).copyOfBytes();
                    byte[] diagnostics = diagnosticsCopy.build(batch.diagnostics, tagIds).copyOfBytes();
                    return PreparedWrite.of(records, 128L + readings.length + diagnostics.length, () -> sendIot(records, () -> sendCopies(readings, readings.length, diagnostics, diagnostics.length)));
                }
                case MULTIROW -> {
                    String sql = insertText.clear().insert(batch.readings, tagIds).insert(batch.diagnostics, tagIds).text();
                    return PreparedWrite.of(records, 64L + sql.length(), () -> sendIot(records, () -> sendInserts(sql)));
                }
                default -> throw new DatabaseException("TimescaleDB: writeMode=batch does not take the iot workload (copy, TSBS's way, or multirow)");
            }
        } catch (SQLException e) {
            throw writeFailed(records, e);
        } catch (IllegalArgumentException e) {
            throw new DatabaseException("TimescaleDB: cannot write " + records + " IoT records: " + e.getMessage(), e);
        }
    }

    /** A request's call to the server, which throws what the driver throws. */
    @FunctionalInterface
    private interface IotSend {
        long send() throws SQLException;
    }

    private long sendIot(int records, IotSend send) throws DatabaseException {
        try {
            return send.send();
        } catch (SQLException e) {
            throw writeFailed(records, e);
        }
    }

    /** Both COPYs in one transaction: the counts at their ends, once committed. */
    private long sendCopies(byte[] readings, int readingsLength, byte[] diagnostics, int diagnosticsLength) throws SQLException {
        connection.setAutoCommit(false);
        try {
            long acked = 0;
            if (readingsLength > 0) acked += sendCopy(READINGS_COPY, readings, readingsLength);
            if (diagnosticsLength > 0) acked += sendCopy(DIAGNOSTICS_COPY, diagnostics, diagnosticsLength);
            connection.commit();
            return acked;
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    /** Both INSERTs in one text, one implicit transaction: the sum of their row counts. */
    private long sendInserts(String sql) throws SQLException {
        long acked = 0;
        try (Statement st = connection.createStatement()) {
            boolean result = st.execute(sql);
            while (true) {
                if (result) throw new SQLException("an INSERT returned rows");
                int count = st.getUpdateCount();
                if (count < 0) break;
                acked += count;
                result = st.getMoreResults();
            }
        }
        return acked;
    }

    /** The records in both hypertables (converted to the columnstore first with {@code compress}). */
    @Override
    public long countRows(IotSpec spec) throws DatabaseException {
        try {
            long n = 0;
            for (IotTable table : IotTable.values()) {
                if (compress) Columnstore.convert(connection, table.measurement);
                n += Jdbc.queryLong(connection, "SELECT count(*) FROM " + table.measurement);
            }
            return n;
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB count failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    @Override
    public void recreateSchema(DevopsSpec spec) throws DatabaseException {
        try {
            for (String ddl : DevopsTables.drop()) Jdbc.execute(connection, ddl);
            hostTagIds.clear();
            for (String ddl : DevopsTables.create(compress)) Jdbc.execute(connection, ddl);
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB: cannot create the DevOps tables: " + e.getMessage(), e);
        }
    }

    /**
     * One request of cpu rows: the hosts not seen before by this session upserted into {@code tags}
     * first (autocommit, as TSBS's loader: a tags row without rows is harmless), then one binary COPY,
     * one transaction; the count at its end is the rows acknowledged.
     */
    @Override
    public long write(CpuBatch batch) throws DatabaseException {
        if (batch.isEmpty()) return 0;
        CpuCopy body = buildCpuCopy(batch);
        return sendCpu(batch.size(), body.bytes(), body.length());
    }

    @Override
    public PreparedWrite prepare(CpuBatch batch) throws DatabaseException {
        int rows = batch.size();
        if (rows == 0) return PreparedWrite.of(0, 0, () -> 0);
        byte[] body = buildCpuCopy(batch).copyOfBytes();
        return PreparedWrite.of(rows, 64L + body.length, () -> sendCpu(rows, body, body.length));
    }

    /** The batch's COPY body in {@link #cpuCopy}, its new hosts' tags rows upserted first (copy: the one mode). */
    private CpuCopy buildCpuCopy(CpuBatch batch) throws DatabaseException {
        if (mode != WriteMode.COPY) {
            throw new DatabaseException("TimescaleDB: writeMode=" + mode.name().toLowerCase(Locale.ROOT)
                    + " does not take the " + CpuOnlyWorkload.INSTANCE.name() + " workload (copy, TSBS's way, does)");
        }
        try {
            hostTagIds.resolve(connection, batch);
            return cpuCopy.build(batch, hostTagIds);
        } catch (SQLException e) {
            throw writeFailed(batch.size(), e);
        } catch (IllegalArgumentException e) {
            throw new DatabaseException("TimescaleDB: cannot write " + batch.size() + " cpu rows: "
                    + e.getMessage(), e);
        }
    }

    private long sendCpu(int rows, byte[] body, int length) throws DatabaseException {
        try {
            return sendCopy(CpuCopy.STATEMENT, body, length);
        } catch (SQLException e) {
            throw writeFailed(rows, e);
        }
    }

    /** The rows in the cpu hypertable (converted to the columnstore first with {@code compress}). */
    @Override
    public long countRows(DevopsSpec spec) throws DatabaseException {
        try {
            if (compress) Columnstore.convert(connection, DevopsTables.CPU);
            return Jdbc.queryLong(connection, "SELECT count(*) FROM " + DevopsTables.CPU);
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB count failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    /** The DevOps tables' bytes in the form the session keeps them (see {@link DevopsDisk}). */
    @Override
    public DiskUse diskUse(DevopsSpec spec) throws DatabaseException {
        try {
            return DevopsDisk.measure(connection, compress);
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB disk use of the DevOps tables failed: "
                    + DatabaseException.rootMessage(e), e);
        }
    }

    /**
     * One round trip, in autocommit, as every module's query: the driver reads the whole answer
     * before the rows reach the check (172 bytes a row measured for q1's columns: 172 MB for its
     * 1 M rows at 100 M rows). A cursor would stream it, but only inside a transaction, whose
     * COMMIT is one more round trip per query: measured under load, a q5 query took 2.2-3.6 ms
     * alone and 4.4-7.0 ms that way.
     */
    @Override
    public void query(String text, ResultSink sink) throws DatabaseException {
        try {
            Jdbc.query(connection, text, sink);
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB query failed: " + DatabaseException.rootMessage(e) + " [" + text + "]", e);
        }
    }

    @Override
    public long countRows(WorkloadSpec spec) throws DatabaseException {
        try {
            if (compress) Columnstore.convert(connection, DevicesTable.NAME);
            return Jdbc.queryLong(connection, "SELECT count(*) FROM " + DevicesTable.NAME);
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB count failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    @Override
    public DiskUse diskUse() throws DatabaseException {
        try {
            return Columnstore.measure(connection, compress);
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB disk use failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    /** The IoT tables' bytes in the form the session keeps them (see {@link Columnstore#measureIot}). */
    @Override
    public DiskUse diskUse(IotSpec spec) throws DatabaseException {
        try {
            return Columnstore.measureIot(connection, compress);
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB disk use of the IoT tables failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    /**
     * PostgreSQL's settings that decide what a kill keeps: synchronous_commit (on: a commit is
     * acknowledged once its WAL is flushed; off: the last few hundred ms of acknowledged commits can
     * be lost, even when only the server process dies) and fsync (off: the WAL is never forced to
     * disk; a killed postgres keeps what the kernel holds, an OS crash loses it).
     */
    @Override
    public List<DurabilitySetting> durability() throws DatabaseException {
        try {
            String sync = Jdbc.queryString(connection, "SHOW synchronous_commit");
            String fsync = Jdbc.queryString(connection, "SHOW fsync");
            boolean async = "off".equals(sync);
            return List.of(
                    DurabilitySetting.of("synchronous_commit", sync, async
                            ? "a commit is acknowledged before its WAL is flushed: a crash loses the commits of the last wal_writer_delay (x3 at most)"
                            : "a commit is acknowledged once its WAL is flushed to disk: it survives a crash", async),
                    DurabilitySetting.of("fsync", fsync, "on".equals(fsync)
                            ? "the WAL is forced to disk at commit" : "the WAL is never forced to disk: a killed postgres keeps it, an OS crash may not",
                            false));
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB: cannot read synchronous_commit and fsync: " + e.getMessage(), e);
        }
    }

    /** The server settings that change the figures (scripts/servers/timescaledb.sh sets them), and how this session writes and stores. */
    @Override
    public ServerFacts facts(Workload workload) throws DatabaseException {
        boolean trucks = IotWorkload.INSTANCE.equals(workload);
        boolean hosts = CpuOnlyWorkload.INSTANCE.equals(workload);
        String segmentBy = trucks ? IotTables.SEGMENT_BY : hosts ? DevopsTables.SEGMENT_BY : DevicesTable.SEGMENT_BY;
        try {
            DatabaseMetaData meta = connection.getMetaData();
            Map<String, String> settings = new LinkedHashMap<>();
            try (Statement st = connection.createStatement();
                 ResultSet rs = st.executeQuery("SELECT name, current_setting(name) FROM pg_settings WHERE name IN ('shared_buffers',"
                         + "'effective_cache_size','work_mem','maintenance_work_mem','max_wal_size','min_wal_size','checkpoint_timeout',"
                         + "'wal_compression','fsync','synchronous_commit','full_page_writes','max_parallel_workers_per_gather',"
                         + "'random_page_cost','jit','timescaledb.max_background_workers','timescaledb.telemetry_level') ORDER BY name")) {
                while (rs.next()) settings.put(rs.getString(1), rs.getString(2));
            }
            settings.put("writePath", "writeMode=" + mode.name().toLowerCase(Locale.ROOT));
            settings.put("storage", compress
                    ? "columnstore (compress=true: every chunk converted before a count, segmentby "
                            + segmentBy + ")"
                    : "row store (compress=false)");
            settings.put("chunkTimeInterval", hosts ? DevopsTables.CHUNK_INTERVAL + " (TSBS's --chunk-time default)"
                    : (trucks ? "report C's for its scenario, else " : "") + "the data set's time span / "
                    + DevicesTable.CHUNKS_PER_SPAN + ", at least " + DevicesTable.MIN_CHUNK_ROWS + " rows a chunk");
            String extension = Jdbc.queryString(connection, "SELECT coalesce((SELECT extversion FROM pg_extension WHERE extname = 'timescaledb'), '')");
            if (extension.isEmpty()) {
                throw new DatabaseException("TimescaleDB: database " + connection.getCatalog() + " has no timescaledb extension"
                        + " (a superuser's CREATE EXTENSION timescaledb, as scripts/servers/timescaledb.sh does)");
            }
            String version = extension + " on PostgreSQL " + meta.getDatabaseProductVersion();
            return new ServerFacts(version, meta.getDriverName() + " " + meta.getDriverVersion(), settings,
                    trucks ? IotTables.described(compress)
                            : hosts ? DevopsTables.create(compress) : DevicesTable.described(compress));
        } catch (SQLException e) {
            throw new DatabaseException("TimescaleDB: cannot read server facts: " + DatabaseException.rootMessage(e), e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // closing a dead connection: nothing left to release
        }
    }
}
