package org.tsdbbench.tdengine;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.ResultSink;

/**
 * One client's TDengine connection: a super table {@code devices} with one sub-table per device
 * ({@code dev<devid>}) created on first insert; a request is one INSERT spanning several
 * sub-tables (split only past the server's SQL length limit).
 */
final class TDengineSession implements Session {

    static final String SUPER_TABLE = "CREATE TABLE IF NOT EXISTS devices (ts TIMESTAMP, temperature INT, humidity FLOAT) "
            + "TAGS (devid INT, devname BINARY(16), devgroup INT)";

    private final Connection connection;
    private final String database;
    private final String connectionType;
    private final int major;
    private final int maxSqlBytes;
    private final TDengineInsertBuilder insert;
    private long splitRequests;

    TDengineSession(Connection connection, String database, String connectionType, int major, int maxSqlBytes) throws SQLException {
        this.connection = connection;
        this.database = database;
        this.connectionType = connectionType;
        this.major = major;
        this.maxSqlBytes = maxSqlBytes;
        this.insert = new TDengineInsertBuilder(maxSqlBytes);
        // Millisecond precision: the data set's timestamps are epoch ms.
        Jdbc.execute(connection, "CREATE DATABASE IF NOT EXISTS " + database + " PRECISION 'ms'");
        Jdbc.execute(connection, "USE " + database);
    }

    @Override
    public void recreateSchema(WorkloadSpec spec) throws DatabaseException {
        try {
            // Dropping the super table drops every sub-table with it.
            Jdbc.execute(connection, (major >= 3 ? "DROP STABLE IF EXISTS " : "DROP TABLE IF EXISTS ") + database + ".devices");
            Jdbc.execute(connection, SUPER_TABLE);
        } catch (SQLException e) {
            throw new DatabaseException("TDengine: cannot create the super table: " + e.getMessage(), e);
        }
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        List<String> statements = insert.build(batch);
        if (statements.size() > 1) splitRequests++;
        long acked = 0;
        try (Statement st = connection.createStatement()) {
            for (String sql : statements) acked += st.executeUpdate(sql);
            return acked;
        } catch (SQLException e) {
            throw new DatabaseException("TDengine insert of " + batch.size() + " rows failed after " + acked + " acknowledged: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public void query(LogicalQuery query, String text, ResultSink sink) throws DatabaseException {
        try {
            // 2.x puts the GROUP BY tag after the aggregate: swap to the catalog's (devgroup, value).
            ResultSink target = major < 3 && query.family() == QueryFamily.Q3_GROUP_BY_TAG ? swapFirstTwo(sink) : sink;
            Jdbc.query(connection, text, target);
        } catch (SQLException e) {
            throw new DatabaseException("TDengine query failed: " + e.getMessage() + " [" + text + "]", e);
        }
    }

    static ResultSink swapFirstTwo(ResultSink sink) {
        double[] swapped = new double[2];
        return row -> {
            swapped[0] = row[1];
            swapped[1] = row[0];
            sink.row(swapped);
        };
    }

    @Override
    public long countRows() throws DatabaseException {
        try {
            return Jdbc.queryLong(connection, "SELECT COUNT(*) FROM " + database + ".devices");
        } catch (SQLException e) {
            throw new DatabaseException("TDengine count failed: " + e.getMessage(), e);
        }
    }

    @Override
    public ServerFacts facts() throws DatabaseException {
        try {
            Map<String, String> settings = new LinkedHashMap<>();
            settings.put("connection", connectionType);
            settings.put("maxSqlBytes", String.valueOf(maxSqlBytes));
            settings.put("requestsSplitBySqlLimit", String.valueOf(splitRequests));
            var meta = connection.getMetaData();
            return new ServerFacts(Jdbc.queryString(connection, "SELECT SERVER_VERSION()"),
                    meta.getDriverName() + " " + meta.getDriverVersion(), settings, List.of(SUPER_TABLE));
        } catch (SQLException e) {
            throw new DatabaseException("TDengine: cannot read server facts: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // a dead connection has nothing left to release
        }
    }
}
