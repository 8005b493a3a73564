import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Creates OpenTSDB's four tables with the column families of its create_table.sh (no
 * compression, one version), skipping those that exist, and waits until each is available (its
 * regions assigned), up to a minute. Run with the HBase classpath:
 * {@code java -cp <hbase classpath>:<conf dir> CreateTables.java}.
 */
public class CreateTables {
    public static void main(String[] args) throws Exception {
        Configuration conf = HBaseConfiguration.create();
        try (Connection c = ConnectionFactory.createConnection(conf); Admin admin = c.getAdmin()) {
            create(admin, "tsdb", List.of("t"));
            create(admin, "tsdb-uid", List.of("id", "name"));
            create(admin, "tsdb-tree", List.of("t"));
            create(admin, "tsdb-meta", List.of("name"));
            // A table HBase has not yet assigned to the region server refuses writes (the TSD would
            // queue them, acknowledged, and drop them): the server is ready once every region is.
            for (String table : List.of("tsdb", "tsdb-uid", "tsdb-tree", "tsdb-meta")) {
                for (int i = 0; !admin.isTableAvailable(TableName.valueOf(table)); i++) {
                    if (i == 240) throw new IllegalStateException(table + ": not available after 60 s");
                    Thread.sleep(250);
                }
            }
        }
    }

    static void create(Admin admin, String table, List<String> families) throws Exception {
        TableName name = TableName.valueOf(table);
        if (admin.tableExists(name)) return;
        TableDescriptorBuilder t = TableDescriptorBuilder.newBuilder(name);
        for (String f : families) t.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(f.getBytes()).setMaxVersions(1).build());
        admin.createTable(t.build());
        System.out.println("created " + table);
    }
}
