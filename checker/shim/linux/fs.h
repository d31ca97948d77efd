/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/fs.h>, files and character devices: struct file, struct
 * inode, struct file_operations, chrdev and cdev registration, device
 * classes and fasync.
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_FS_H
#define _WQPORT_LINUX_FS_H

struct cdev;
struct vm_area_struct;
struct kiocb;
struct iov_iter;
struct fasync_struct;
struct poll_table_struct;
typedef void *fl_owner_t;
struct inode {
	umode_t i_mode;
	dev_t i_rdev;
	loff_t i_size;
	struct cdev *i_cdev;
	void *i_private;
};
struct file_operations;
struct file {
	struct inode *f_inode;
	const struct file_operations *f_op;
	spinlock_t f_lock;
	atomic_long_t f_count;
	unsigned int f_flags;
	fmode_t f_mode;
	loff_t f_pos;
	void *private_data;
};
struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *, loff_t, int);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	ssize_t (*read_iter)(struct kiocb *, struct iov_iter *);
	ssize_t (*write_iter)(struct kiocb *, struct iov_iter *);
	__poll_t (*poll)(struct file *, struct poll_table_struct *);
	/* before 2.6.36; old drivers still set it */
	int (*ioctl)(struct inode *, struct file *, unsigned int, unsigned long);
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
	long (*compat_ioctl)(struct file *, unsigned int, unsigned long);
	int (*mmap)(struct file *, struct vm_area_struct *);
	int (*open)(struct inode *, struct file *);
	int (*flush)(struct file *, fl_owner_t id);
	int (*release)(struct inode *, struct file *);
	int (*fsync)(struct file *, loff_t, loff_t, int datasync);
	int (*fasync)(int, struct file *, int);
};
#define O_ACCMODE	00000003
#define O_RDONLY	00000000
#define O_WRONLY	00000001
#define O_RDWR		00000002
#define O_NONBLOCK	00004000
#define O_NDELAY	O_NONBLOCK
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2
#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)
#define MAJOR(dev)	((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int)((dev) & MINORMASK))
#define MKDEV(ma, mi)	(((ma) << MINORBITS) | (mi))
static inline unsigned int iminor(const struct inode *inode) { return MINOR(inode->i_rdev); }
static inline unsigned int imajor(const struct inode *inode) { return MAJOR(inode->i_rdev); }
static inline struct inode *file_inode(const struct file *f) { return f->f_inode; }
loff_t no_llseek(struct file *file, loff_t offset, int whence);
loff_t noop_llseek(struct file *file, loff_t offset, int whence);
loff_t default_llseek(struct file *file, loff_t offset, int whence);
int nonseekable_open(struct inode *inode, struct file *filp);
int stream_open(struct inode *inode, struct file *filp);
ssize_t simple_read_from_buffer(void __user *to, size_t count, loff_t *ppos,
				const void *from, size_t available);
int fasync_helper(int fd, struct file *filp, int on, struct fasync_struct **fapp);
void kill_fasync(struct fasync_struct **fp, int sig, int band);
#define POLL_IN		1
#define POLL_OUT	2
int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
		      const char *name, const struct file_operations *fops);
void __unregister_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
			 const char *name);
static inline int register_chrdev(unsigned int major, const char *name,
				  const struct file_operations *fops)
{ return __register_chrdev(major, 0, 256, name, fops); }
static inline void unregister_chrdev(unsigned int major, const char *name)
{ __unregister_chrdev(major, 0, 256, name); }
int alloc_chrdev_region(dev_t *dev, unsigned int baseminor, unsigned int count, const char *name);
int register_chrdev_region(dev_t from, unsigned int count, const char *name);
void unregister_chrdev_region(dev_t from, unsigned int count);
struct cdev {
	struct module *owner;
	const struct file_operations *ops;
	dev_t dev;
	unsigned int count;
};
void cdev_init(struct cdev *cdev, const struct file_operations *fops);
int cdev_add(struct cdev *p, dev_t dev, unsigned int count);
void cdev_del(struct cdev *p);
struct class *__class_create(struct module *owner, const char *name, struct lock_class_key *key);
#define class_create(owner, name) \
	({ static struct lock_class_key __key; __class_create(owner, name, &__key); })
void class_destroy(struct class *cls);
__printf(5, 6) struct device *device_create(struct class *cls, struct device *parent,
					    dev_t devt, void *drvdata, const char *fmt, ...);
void device_destroy(struct class *cls, dev_t devt);

#endif /* _WQPORT_LINUX_FS_H */
