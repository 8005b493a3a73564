package org.tsdbbench.mysql.bench;

import org.tsdbbench.common.bench.WriteBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.mysql.MySqlDatabase;

/** The write test against MySQL; runs from an IDE against 127.0.0.1:3306 (password from MYSQL_PASSWORD). */
public class MySqlWrite extends WriteBenchmarkBase {
    @Override
    protected Database database() {
        return new MySqlDatabase();
    }
}
