package org.tsdbbench.tdengine;

import com.taosdata.jdbc.SchemalessWriter;
import com.taosdata.jdbc.enums.SchemalessProtocolType;
import com.taosdata.jdbc.enums.SchemalessTimestampType;
import java.sql.SQLException;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.DatabaseException;

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
        try {
            if (driver != null) {
                driver.write(lines.lines(batch), SchemalessProtocolType.LINE, SchemalessTimestampType.MILLI_SECONDS);
            } else {
                rest.post(restPath, lines.body(batch));
            }
            return batch.size();
        } catch (SQLException e) {
            throw new DatabaseException("schemaless write of " + batch.size() + " rows failed: " + e.getMessage(), e);
        } catch (DatabaseException e) {
            throw new DatabaseException("schemaless write of " + batch.size() + " rows failed: " + e.getMessage(), e);
        }
    }

    @Override
    public String acknowledgement() {
        return "rows of a schemaless request that succeeded (neither the driver nor /influxdb/v1/write returns a count)";
    }
}
