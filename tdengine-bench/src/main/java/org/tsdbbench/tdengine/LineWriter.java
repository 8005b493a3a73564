package org.tsdbbench.tdengine;

import com.taosdata.jdbc.SchemalessWriter;
import com.taosdata.jdbc.enums.SchemalessProtocolType;
import com.taosdata.jdbc.enums.SchemalessTimestampType;
import java.sql.SQLException;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;

/**
 * {@code writeMode=line}: schemaless InfluxDB line protocol, through the driver's
 * SchemalessWriter (native, WebSocket) or taosAdapter's {@code /influxdb/v1/write} (REST, 3.x).
 * Neither answers with a row count: the rows of a request that succeeded are the rows acknowledged
 * (as InfluxDB's 204), and the count after every cell checks them.
 */
final class LineWriter implements RequestWriter {

    private final LineProtocolBuilder lines = new LineProtocolBuilder();
    private final SchemalessWriter driver;
    private final RestChannel rest;
    private final String restPath;

    private LineWriter(SchemalessWriter driver, RestChannel rest, String database) {
        this.driver = driver;
        this.rest = rest;
        this.restPath = "/influxdb/v1/write?precision=ms&db=" + java.net.URLEncoder.encode(database, java.nio.charset.StandardCharsets.UTF_8);
    }

    static LineWriter over(JdbcChannel channel, String database) throws DatabaseException {
        try {
            return new LineWriter(new SchemalessWriter(channel.connection()), null, database);
        } catch (Exception e) {
            // Exception: the 3.x constructor declares SQLException, the 2.x one nothing (one source for both builds).
            throw new DatabaseException("cannot open the schemaless writer: " + DatabaseException.rootMessage(e), e);
        }
    }

    static LineWriter over(RestChannel channel, String database) {
        return new LineWriter(null, channel, database);
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        return driver != null ? send(lines.lines(batch), null, batch.size()) : send(null, lines.body(batch), batch.size());
    }

    /** The line protocol text built now (one string a row for the driver, one body for REST); sending it is the measured part. */
    @Override
    public PreparedLines prepare(RowBatch batch) {
        return driver != null ? new PreparedLines(batch.size(), lines.lines(batch), null) : new PreparedLines(batch.size(), null, lines.body(batch));
    }

    /** A request built by {@link #prepare}: the driver's lines, or REST's body. */
    final class PreparedLines implements PreparedWrite {
        private final int rows;
        final String[] lines;
        final String body;

        private PreparedLines(int rows, String[] lines, String body) {
            this.rows = rows;
            this.lines = lines;
            this.body = body;
        }

        @Override
        public int rows() {
            return rows;
        }

        /** ASCII: a byte a character in a compact string, and a String with its array (about 56 bytes) a line. */
        @Override
        public long bytes() {
            if (body != null) return 64 + body.length();
            long bytes = 16 + 8L * lines.length;
            for (String l : lines) bytes += 56 + l.length();
            return bytes;
        }

        @Override
        public long send() throws DatabaseException {
            return LineWriter.this.send(lines, body, rows);
        }
    }

    private long send(String[] driverLines, String restBody, int rows) throws DatabaseException {
        try {
            if (driverLines != null) {
                driver.write(driverLines, SchemalessProtocolType.LINE, SchemalessTimestampType.MILLI_SECONDS);
            } else {
                rest.post(restPath, restBody);
            }
            return rows;
        } catch (SQLException e) {
            throw new DatabaseException("schemaless write of " + rows + " rows failed: " + e.getMessage(), e);
        } catch (DatabaseException e) {
            throw new DatabaseException("schemaless write of " + rows + " rows failed: " + e.getMessage(), e);
        }
    }

    /** Schemaless makes its own layout (NCHAR tags, a {@code _ts} column, hashed sub-table names), not TSBS's. */
    @Override
    public String notDevops() {
        return "writeMode=line does not write the cpu-only workload: schemaless makes its own layout (NCHAR tags, _ts,"
                + " hashed sub-table names), not TSBS's that the DevOps queries read:"
                + " use --option writeMode=sql or stmt";
    }

    @Override
    public String acknowledgement() {
        return "rows of a schemaless request that succeeded (neither the driver nor /influxdb/v1/write returns a count)";
    }
}
