package org.tsdbbench.mysql;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;

/** The shared contract against the real MySQL (MariaDB) started by scripts/servers/mysql.sh (scripts/test.sh does it). */
class MySqlContractTest extends DatabaseContract {

    @Override
    protected Database db() {
        return new MySqlDatabase();
    }

    @Override
    protected List<ConnectionOptions> everyWriteMode() throws IOException {
        List<ConnectionOptions> modes = new ArrayList<>();
        for (MySqlSession.WriteMode m : MySqlSession.WriteMode.values()) {
            modes.add(connection().withExtra(Map.of(MySqlDatabase.WRITE_MODE.name(), m.name().toLowerCase(java.util.Locale.ROOT))));
        }
        return modes;
    }
}
